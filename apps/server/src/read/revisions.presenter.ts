import { desc, eq } from 'drizzle-orm';
import type { RevisionListed } from '@reqloom/domain';
import type { Db } from '../db/client';
import { revisions, users } from '../db/schema';
import { categoryReferences } from './audit-references';

/**
 * A requirement's revisions, newest first (decisions §22), each with the reference its category has now: a
 * revision keeps the category's id only, and a category deleted since has none (null, like the document root).
 */
export async function presentRevisionList(db: Db, requirementId: number): Promise<RevisionListed[]> {
  const rows = await db
    .select({ revision: revisions, authorName: users.name })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(eq(revisions.requirementId, requirementId))
    .orderBy(desc(revisions.id));
  const categoryIds = [...new Set(rows.flatMap(({ revision }) => revision.categoryId ?? []))];
  const references = await categoryReferences(db, categoryIds);
  return rows.map(({ revision: v, authorName }) => ({
    id: v.id,
    created_at: v.updatedAt.toISOString(),
    author: v.authorId !== null && authorName !== null ? { id: v.authorId, name: authorName } : null,
    name: v.name,
    description: v.description,
    status: v.status,
    category_id: v.categoryId,
    category_reference: v.categoryId === null ? null : (references.get(v.categoryId) ?? null),
  }));
}
