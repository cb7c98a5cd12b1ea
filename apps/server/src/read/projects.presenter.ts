import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  completeSettings,
  DEFAULT_PROJECT_SETTINGS,
  initials,
  projectSettingsSchema,
  type ProjectMemberPresented,
  type ProjectPresented,
  type ProjectRole,
  type ProjectSettings,
  type ProjectShared,
} from '@reqloom/domain';
import type { Db } from '../db/client';
import { notFound } from '../core/errors';
import { groups, projectUsers, users } from '../db/schema';
import type { ProjectRow } from '../policies/project-access';
import { countDocuments } from './project-counts';

/** A project's settings made whole, option by option (`completeSettings` of the domain, as for documents). */
export function completeProjectSettings(stored: unknown): ProjectSettings {
  return completeSettings(projectSettingsSchema.shape, DEFAULT_PROJECT_SETTINGS, stored);
}

type Owner = ProjectPresented['owner'];

async function ownersOf(db: Db, rows: ProjectRow[]): Promise<Map<string, Owner>> {
  const owners = new Map<string, Owner>();
  const userIds = [...new Set(rows.filter((p) => p.ownerType === 'user').map((p) => p.ownerId))];
  const groupIds = [...new Set(rows.filter((p) => p.ownerType === 'group').map((p) => p.ownerId))];
  if (userIds.length > 0) {
    for (const u of await db.select().from(users).where(inArray(users.id, userIds))) {
      owners.set(`user:${u.id}`, { type: 'user', id: u.id, name: u.name, namespace: u.username });
    }
  }
  if (groupIds.length > 0) {
    for (const g of await db.select().from(groups).where(inArray(groups.id, groupIds))) {
      owners.set(`group:${g.id}`, { type: 'group', id: g.id, name: g.name, namespace: g.slug });
    }
  }
  return owners;
}

/** Presents several projects with a fixed number of queries, whatever their count. */
/**
 * A project's owner kind as presented. An import's staging place (owner kind 'import') has no member, so no route
 * reaches it to present it: meeting one here is a bug, said loudly rather than sent.
 */
function publishedOwner(p: ProjectRow): 'user' | 'group' {
  if (p.ownerType === 'import') throw new Error(`project ${p.id} is an import's staging place`);
  return p.ownerType;
}

/**
 * Presents projects as every member sees them, without the caller's own role: what the wire sends to a project's
 * room (`ProjectUpdated`), where each member has a role of their own.
 */
export async function presentProjects(db: Db, rows: ProjectRow[]): Promise<ProjectShared[]> {
  return (await presentWithRoles(db, rows)).map(({ project }) => project);
}

/** Presents projects for one user: with `my_role`, the user's role in each (decisions §20). */
export async function presentProjectsFor(db: Db, rows: ProjectRow[], userId: number): Promise<ProjectPresented[]> {
  return (await presentWithRoles(db, rows)).flatMap(({ project, roles }) => {
    const role = roles.get(userId);
    // Only members are presented a project; one who left meanwhile is not presented it.
    return role === undefined ? [] : [{ ...project, my_role: role }];
  });
}

async function presentWithRoles(
  db: Db,
  rows: ProjectRow[],
): Promise<{ project: ProjectShared; roles: Map<number, ProjectRole> }[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const owners = await ownersOf(db, rows);
  const memberRows = await db
    .select({
      projectId: projectUsers.projectId,
      id: users.id,
      name: users.name,
      username: users.username,
      role: projectUsers.role,
    })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(inArray(projectUsers.projectId, ids))
    .orderBy(asc(users.name), asc(users.id));
  const documents = await countDocuments(db, ids);
  return rows.map((p) => {
    const ownerType = publishedOwner(p);
    const owner = owners.get(`${ownerType}:${p.ownerId}`) ?? {
      type: ownerType,
      id: p.ownerId,
      name: '',
      namespace: '',
    };
    const mine = memberRows.filter((m) => m.projectId === p.id);
    const members = mine.map((m) => ({ id: m.id, name: m.name, username: m.username, initials: initials(m.name) }));
    const roles = new Map(mine.map((m) => [m.id, m.role]));
    const project: ProjectShared = {
      id: p.id,
      owner_type: ownerType,
      owner_id: p.ownerId,
      owner,
      name: p.name,
      acronym: p.acronym,
      namespace: owner.namespace,
      slug: p.slug,
      description: p.description,
      join_token: p.joinToken,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      settings: completeProjectSettings(p.settings),
      members,
      members_count: members.length,
      documents_count: documents.get(p.id) ?? 0,
    };
    return { project, roles };
  });
}

/** Presents a project for a member of it (the caller of a project route). */
export async function presentProject(db: Db, row: ProjectRow, userId: number): Promise<ProjectPresented> {
  const [presented] = await presentProjectsFor(db, [row], userId);
  if (!presented) throw notFound();
  return presented;
}

/** The members of a project as `GET projects/members/{id}` lists them, sorted by name (decisions §20). */
export async function presentMembers(db: Db, projectId: number, userId?: number): Promise<ProjectMemberPresented[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      role: projectUsers.role,
      joinedAt: projectUsers.createdAt,
    })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(
      userId === undefined
        ? eq(projectUsers.projectId, projectId)
        : and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((m) => ({
    user: { id: m.id, name: m.name, username: m.username, initials: initials(m.name) },
    role: m.role,
    joined_at: m.joinedAt.toISOString(),
  }));
}
