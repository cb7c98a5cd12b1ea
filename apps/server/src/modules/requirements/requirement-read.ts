import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { documents, projects, projectUsers, requirements } from '../../db/schema';
import { paramId, type ProjectLocator } from '../../http/access';
import { requirementById } from '../working-area.locators';
import {
  presentWithRevisions,
  revisionsField,
  singleFields,
  type RequirementWithRevisions,
  type RevisionJson,
  type SingleFacts,
} from './requirements.presenter';

// GET requirements/{id} in one statement after the session: the requirement's project and the caller's
// membership (what the access check needs) with the row and everything its presentation needs. The
// presentation's subqueries run only for a member (`case when`), and the route sees the row only once the
// policy has allowed the call (`request.loaded`, set by the access guard). Before, the locator and the read
// were two statements one after the other: one round trip, its system calls and its driver work less.

const member = sql`${projectUsers.userId} is not null`;
/** A presentation column, read only for a member of the project. */
const forMember = <T>(field: SQL<T>) => sql<T | null>`case when ${member} then ${field} end`;

function memberFields() {
  const fields: Record<string, SQL<unknown>> = { ...singleFields(), ...revisionsField() };
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, forMember(field)])) as {
    [K in keyof (SingleFacts & { revisions: RevisionJson[] })]: SQL<
      (SingleFacts & { revisions: RevisionJson[] })[K] | null
    >;
  };
}

const readForUser = (db: Db) =>
  prepared(db, 'requirement_read_for_user', (d) =>
    d
      .select({ project: projects, isMember: sql<boolean>`${member}`, row: requirements, ...memberFields() })
      .from(requirements)
      .innerJoin(documents, eq(documents.id, requirements.documentId))
      .innerJoin(projects, eq(projects.id, documents.projectId))
      .leftJoin(
        projectUsers,
        and(eq(projectUsers.projectId, projects.id), eq(projectUsers.userId, sql.placeholder('userId'))),
      )
      .where(eq(requirements.id, sql.placeholder('id')))
      .limit(1)
      .prepare('requirement_read_for_user'),
  );

/** The locator of GET requirements/{id}: the project, the membership and, for a member, the requirement. */
export const requirementReadById: ProjectLocator = {
  name: 'requirement.id',
  find: (request, db) => requirementById.find(request, db),
  async findForUser(request: FastifyRequest, db: Db, userId: number) {
    const id = paramId(request);
    if (id === null) return undefined;
    const [found] = await readForUser(db).execute({ id, userId });
    if (!found) return undefined;
    const isMember = found.isMember === true;
    if (!isMember) return { project: found.project, isMember };
    const { project, row, ...facts } = found;
    return { project, isMember, loaded: { ...facts, row } };
  },
};

/** The requirement the access guard handed over, presented with its revisions. */
export function presentLoadedRequirement(request: FastifyRequest): RequirementWithRevisions {
  const loaded = request.loaded as Parameters<typeof presentWithRevisions>[0] | undefined;
  if (!loaded) throw new Error('GET requirements/{id} without its access rule');
  return presentWithRevisions(loaded);
}
