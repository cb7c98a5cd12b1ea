import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents } from '../db/schema';

/** Documents per project, in one query for any number of projects. */
export async function countDocuments(db: Db, projectIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ projectId: documents.projectId, n: count() })
    .from(documents)
    .where(inArray(documents.projectId, projectIds))
    .groupBy(documents.projectId);
  return new Map(rows.map((r) => [r.projectId, Number(r.n)]));
}
