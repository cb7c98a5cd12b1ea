import { asc, eq, inArray } from 'drizzle-orm';
import {
  completeSettings,
  DEFAULT_PROJECT_SETTINGS,
  initials,
  projectSettingsSchema,
  type ProjectPresented,
  type ProjectSettings,
} from '@reqloom/domain';
import type { Db } from '../db/client';
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

export async function presentProjects(db: Db, rows: ProjectRow[]): Promise<ProjectPresented[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const owners = await ownersOf(db, rows);
  const memberRows = await db
    .select({ projectId: projectUsers.projectId, id: users.id, name: users.name, username: users.username })
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
    const members = memberRows
      .filter((m) => m.projectId === p.id)
      .map((m) => ({ id: m.id, name: m.name, username: m.username, initials: initials(m.name) }));
    return {
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
  });
}

export async function presentProject(db: Db, row: ProjectRow): Promise<ProjectPresented> {
  const [presented] = await presentProjects(db, [row]);
  return presented!;
}
