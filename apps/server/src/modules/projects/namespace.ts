import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, users } from '../../db/schema';

/** A namespace is a username or a group slug; they never collide (one namespace, decisions §5). */
export async function resolveNamespace(
  db: Db,
  namespace: string,
): Promise<{ type: 'user' | 'group'; id: number } | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, namespace)).limit(1);
  if (user) return { type: 'user', id: user.id };
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, namespace)).limit(1);
  return group ? { type: 'group', id: group.id } : null;
}
