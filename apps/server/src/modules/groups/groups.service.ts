import { asc, eq, sql } from 'drizzle-orm';
import type { CreateGroupBody } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { groups, groupUsers, projects, users } from '../../db/schema';
import { invalid, invalidMessage } from '../../core/errors';
import { sanitizeRichText } from '../../security/sanitize';
import { randomToken, safeEqual } from '../../security/tokens';
import type { Work } from '../../core/work';
import type { User } from '../../core/identity';

export type GroupRow = typeof groups.$inferSelect;
export type GroupWithCounts = GroupRow & { membersCount: number; ownedProjectsCount: number };

const membersCount = sql<number>`(select count(*)::int from ${groupUsers} gu where gu.group_id = ${groups.id})`;
const ownedProjectsCount = sql<number>`(select count(*)::int from ${projects} p where p.owner_type = 'group' and p.owner_id = ${groups.id})`;

/** Group slugs and usernames share one namespace: a project path /namespace/slug must be unambiguous. */
async function namespaceTaken(db: Db, slug: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, slug)).limit(1);
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, slug)).limit(1);
  return Boolean(user ?? group);
}

export async function createGroup(work: Work, user: User, body: CreateGroupBody): Promise<GroupWithCounts> {
  const { tx } = work;
  if (await namespaceTaken(tx, body.slug)) throw invalid({ slug: ['validation.slug_taken'] });
  const [group] = await tx
    .insert(groups)
    .values({
      name: body.name,
      slug: body.slug,
      description: sanitizeRichText(body.description),
      joinToken: randomToken(),
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent creation took the slug between the check and the insert.
  if (!group) throw invalid({ slug: ['validation.slug_taken'] });
  await tx.insert(groupUsers).values({ groupId: group.id, userId: user.id });
  return { ...group, membersCount: 1, ownedProjectsCount: 0 };
}

export async function listMyGroups(db: Db, userId: number): Promise<GroupWithCounts[]> {
  return db
    .select({ ...getColumns(), membersCount, ownedProjectsCount })
    .from(groups)
    .innerJoin(groupUsers, eq(groupUsers.groupId, groups.id))
    .where(eq(groupUsers.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}

function getColumns() {
  return {
    id: groups.id,
    name: groups.name,
    slug: groups.slug,
    description: groups.description,
    joinToken: groups.joinToken,
    settings: groups.settings,
    createdAt: groups.createdAt,
    updatedAt: groups.updatedAt,
  };
}

export async function findGroupBySlug(db: Db, slug: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.slug, slug)).limit(1);
  return row;
}

export async function joinGroup(work: Work, user: User, slug: string, token: string): Promise<GroupWithCounts> {
  const { tx } = work;
  const group = await findGroupBySlug(tx, slug);
  if (!group || !safeEqual(group.joinToken, token)) throw invalidMessage('join.group_invalid');
  await tx.insert(groupUsers).values({ groupId: group.id, userId: user.id }).onConflictDoNothing();
  const [withCounts] = await tx
    .select({ ...getColumns(), membersCount, ownedProjectsCount })
    .from(groups)
    .where(eq(groups.id, group.id));
  return withCounts!;
}
