import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { documents, projects, projectUsers, requirements } from '../../../db/schema';
import { paramId, type ProjectLocator } from '../../../http/access';
import { requirementById } from '../core/locators';
import {
  presentWithRevisions,
  revisionsField,
  singleFields,
  type RequirementWithRevisions,
} from '../../../read/requirements.presenter';

// GET requirements/{id} in one statement after the session: the requirement's project and the caller's
// role (what the access check needs) with the row and everything its presentation needs. The policy
// decides from the project and the membership as for any route; the route sees the row only once the policy has
// allowed the call (`request.loaded`, set by the access guard); a refused call never reaches it. The read does
// not guess the policy (it reads for anyone), so a change of the policy cannot leave an allowed call without its
// row. Before, the locator and the read were two statements one after the other: one round trip, its system
// calls and its driver work less.

const readForUser = (db: Db) =>
  prepared(db, 'requirement_read_for_user', (d) =>
    d
      .select({
        project: projects,
        role: projectUsers.role,
        row: requirements,
        ...singleFields(),
        ...revisionsField(),
      })
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

/** The locator of GET requirements/{id}: the project, the membership and the requirement as presented. */
export const requirementReadById: ProjectLocator = {
  name: 'requirement.id',
  find: (request, db) => requirementById.find(request, db),
  async findForUser(request: FastifyRequest, db: Db, userId: number) {
    const id = paramId(request);
    if (id === null) return undefined;
    const [found] = await readForUser(db).execute({ id, userId });
    if (!found) return undefined;
    const { project, role, ...loaded } = found;
    return { project, role: role ?? null, loaded };
  },
};

/** The requirement the access guard handed over, presented with its revisions. */
export function presentLoadedRequirement(request: FastifyRequest): RequirementWithRevisions {
  const loaded = request.loaded as Parameters<typeof presentWithRevisions>[0] | undefined;
  if (!loaded) throw new Error('GET requirements/{id} without its access rule');
  return presentWithRevisions(loaded);
}
