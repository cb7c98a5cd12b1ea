import { and, eq, sql } from 'drizzle-orm';
import type { ProjectRole } from '@reqloom/domain';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { categories, documents, groupUsers, projects, projectUsers, requirements } from '../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

/** The caller's role in `projects` (null for a non-member), for the statements that read a project for a user. */
export const memberRole = sql<ProjectRole | null>`(select pu.role from project_users pu where pu.project_id = projects.id and pu.user_id = ${sql.placeholder('userId')})`;

/** A project found for a user: the row and the user's role in it (decisions §20), null when not a member. */
export type ProjectForUser = { project: ProjectRow; role: ProjectRole | null };

const membership = (db: Db) =>
  prepared(db, 'project_membership', (d) =>
    d
      .select({ role: projectUsers.role })
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
        role: memberRole,
      })
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id')))
      .limit(1)
      .prepare('project_for_user'),
  );

/** The user's role in the project, or null when not a member. */
export async function projectRole(db: Db, projectId: number, userId: number): Promise<ProjectRole | null> {
  const [row] = await membership(db).execute({ projectId, userId });
  return row?.role ?? null;
}

/** A (project, user) pair as `memberships` takes and answers it. */
export type Membership = { projectId: number; userId: number };
export const membershipKey = (m: Membership) => `${m.projectId}:${m.userId}`;
/** Pairs per statement: two parameters each, well below PostgreSQL's 65,535. */
const MEMBERSHIPS_PER_QUERY = 5_000;

/**
 * Which of these (project, user) pairs are memberships now, keyed by `membershipKey`, with the member's role: what
 * the live connections' sweeps and the membership notifications ask, in one statement per 5,000 pairs.
 */
export async function memberships(db: Db, pairs: Membership[]): Promise<Map<string, ProjectRole>> {
  const found = new Map<string, ProjectRole>();
  for (let at = 0; at < pairs.length; at += MEMBERSHIPS_PER_QUERY) {
    const part = pairs.slice(at, at + MEMBERSHIPS_PER_QUERY);
    const rows = await db
      .select({ projectId: projectUsers.projectId, userId: projectUsers.userId, role: projectUsers.role })
      .from(projectUsers)
      .where(
        sql`(${projectUsers.projectId}, ${projectUsers.userId}) in (${sql.join(
          part.map((m) => sql`(${m.projectId}::int, ${m.userId}::int)`),
          sql`, `,
        )})`,
      );
    for (const row of rows) found.set(membershipKey(row), row.role);
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
export async function findProjectForUser(db: Db, id: number, userId: number): Promise<ProjectForUser | undefined> {
  const [row] = await projectForUser(db).execute({ id, userId });
  return row ? { project: row.project, role: row.role ?? null } : undefined;
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
        role: memberRole,
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
): Promise<(ProjectForUser & { requirementType?: string }) | undefined> {
  const [row] = await elementProjectForUser(db, kind).execute({ id, userId });
  if (!row) return undefined;
  const found: ProjectForUser = { project: row.project, role: row.role ?? null };
  return row.requirementType === null ? found : { ...found, requirementType: row.requirementType };
}
