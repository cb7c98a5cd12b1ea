import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { categories, documents, groupUsers, projects, projectUsers, requirements } from '../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

const membership = (db: Db) =>
  prepared(db, 'project_membership', (d) =>
    d
      .select({ userId: projectUsers.userId })
      .from(projectUsers)
      .where(
        and(
          eq(projectUsers.projectId, sql.placeholder('projectId')),
          eq(projectUsers.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('project_membership'),
  );

const projectById = (db: Db) =>
  prepared(db, 'project_by_id', (d) =>
    d
      .select()
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id')))
      .limit(1)
      .prepare('project_by_id'),
  );

/** The project and whether the user belongs to it, in one statement: what every project-scoped call asks first. */
const projectForUser = (db: Db) =>
  prepared(db, 'project_for_user', (d) =>
    d
      .select({
        project: projects,
        isMember: sql<boolean>`exists (select 1 from project_users pu where pu.project_id = projects.id and pu.user_id = ${sql.placeholder('userId')})`,
      })
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id')))
      .limit(1)
      .prepare('project_for_user'),
  );

export async function isProjectMember(db: Db, projectId: number, userId: number): Promise<boolean> {
  const [row] = await membership(db).execute({ projectId, userId });
  return row !== undefined;
}

/** A (project, user) pair as `memberships` takes and answers it. */
export type Membership = { projectId: number; userId: number };
export const membershipKey = (m: Membership) => `${m.projectId}:${m.userId}`;
/** Pairs per statement: two parameters each, well below PostgreSQL's 65,535. */
const MEMBERSHIPS_PER_QUERY = 5_000;

/**
 * Which of these (project, user) pairs are memberships now, as keys (`membershipKey`): what the live connections'
 * sweeps and the membership notifications ask, in one statement per 5,000 pairs.
 */
export async function memberships(db: Db, pairs: Membership[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < pairs.length; at += MEMBERSHIPS_PER_QUERY) {
    const part = pairs.slice(at, at + MEMBERSHIPS_PER_QUERY);
    const rows = await db
      .select({ projectId: projectUsers.projectId, userId: projectUsers.userId })
      .from(projectUsers)
      .where(
        sql`(${projectUsers.projectId}, ${projectUsers.userId}) in (${sql.join(
          part.map((m) => sql`(${m.projectId}::int, ${m.userId}::int)`),
          sql`, `,
        )})`,
      );
    for (const row of rows) found.add(membershipKey(row));
  }
  return found;
}

export async function isGroupMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupUsers.userId })
    .from(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  const [row] = await projectById(db).execute({ id });
  return row;
}

/** The project with the membership of `userId`, or undefined when the project does not exist. */
export async function findProjectForUser(
  db: Db,
  id: number,
  userId: number,
): Promise<{ project: ProjectRow; isMember: boolean } | undefined> {
  const [row] = await projectForUser(db).execute({ id, userId });
  return row ? { project: row.project, isMember: row.isMember === true } : undefined;
}

type ElementKind = 'document' | 'category' | 'requirement';

/**
 * The project of a document, category or requirement with the membership of a user, in one statement: the
 * locator and the access check of an element's route in one round trip.
 */
const elementProjectForUser = (db: Db, kind: ElementKind) =>
  prepared(db, `${kind}_project_for_user`, (d) => {
    const base = d
      .select({
        project: projects,
        isMember: sql<boolean>`exists (select 1 from project_users pu where pu.project_id = projects.id and pu.user_id = ${sql.placeholder('userId')})`,
        // A requirement's type comes along: the routes that refuse tests to callers without the alpha flag need
        // it, and would otherwise read the row again (`tests/test-gate.ts`).
        requirementType: kind === 'requirement' ? sql<string>`requirements.type` : sql<null>`null`,
      })
      .from(projects);
    const query =
      kind === 'document'
        ? base.innerJoin(documents, eq(documents.projectId, projects.id)).where(eq(documents.id, sql.placeholder('id')))
        : kind === 'category'
          ? base
              .innerJoin(documents, eq(documents.projectId, projects.id))
              .innerJoin(categories, eq(categories.documentId, documents.id))
              .where(eq(categories.id, sql.placeholder('id')))
          : base
              .innerJoin(documents, eq(documents.projectId, projects.id))
              .innerJoin(requirements, eq(requirements.documentId, documents.id))
              .where(eq(requirements.id, sql.placeholder('id')));
    return query.limit(1).prepare(`${kind}_project_for_user`);
  });

export async function findElementProjectForUser(
  db: Db,
  kind: ElementKind,
  id: number,
  userId: number,
): Promise<{ project: ProjectRow; isMember: boolean; requirementType?: string } | undefined> {
  const [row] = await elementProjectForUser(db, kind).execute({ id, userId });
  if (!row) return undefined;
  const found = { project: row.project, isMember: row.isMember === true };
  return row.requirementType === null ? found : { ...found, requirementType: row.requirementType };
}
