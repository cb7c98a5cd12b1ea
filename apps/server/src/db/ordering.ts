import { and, asc, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { categories, requirements } from './schema';

type Ordered = typeof categories | typeof requirements;

/**
 * Move up and down, the one rule for categories and requirements: swaps the element with its previous (up) or
 * next (down) sibling and answers its new position, or null at either end. Called under the document's lock with
 * a fresh reading, so that a double click moves twice rather than into a tie.
 */
export async function swapWithSibling(
  tx: Db,
  table: Ordered,
  siblings: SQL | undefined,
  current: { id: number; position: number },
  direction: 'up' | 'down',
): Promise<number | null> {
  // Both tables share the columns used here; drizzle cannot type a query over a union of tables.
  const t = table as typeof requirements;
  const [neighbour] = await tx
    .select({ id: t.id, position: t.position })
    .from(t)
    .where(
      and(
        siblings,
        ne(t.id, current.id),
        direction === 'up' ? lt(t.position, current.position) : gt(t.position, current.position),
      ),
    )
    .orderBy(direction === 'up' ? desc(t.position) : asc(t.position))
    .limit(1);
  if (!neighbour) return null;
  await tx.update(t).set({ position: neighbour.position }).where(eq(t.id, current.id));
  await tx.update(t).set({ position: current.position }).where(eq(t.id, neighbour.id));
  return neighbour.position;
}
