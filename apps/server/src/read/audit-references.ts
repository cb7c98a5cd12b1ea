import { inArray, sql } from 'drizzle-orm';
import { categoryReference, requirementReference } from '@reqloom/domain';
import type { Db } from '../db/client';
import { categories, requirements } from '../db/schema';

/**
 * How the audit trail names requirements and categories (decisions §21): their references as the tables show them,
 * read in one statement for any number, while the rows still exist (a deletion reads them before it deletes).
 */
const chainOf = (categoryId: ReturnType<typeof sql>, documentId: ReturnType<typeof sql>) => sql<string[] | null>`(
  with recursive chain(id, parent_id, acronym, depth) as (
    select c.id, c.parent_id, c.acronym, 0 from categories c where c.id = ${categoryId} and c.document_id = ${documentId}
    union all
    select c.id, c.parent_id, c.acronym, chain.depth + 1 from chain
      join categories c on c.id = chain.parent_id and c.document_id = ${documentId}
     where chain.depth < 100
  ) select json_agg(acronym order by depth desc) from chain)`;

const acronymOf = (documentId: ReturnType<typeof sql>) =>
  sql<string | null>`(select d.acronym from documents d where d.id = ${documentId})`;

export async function requirementReferences(tx: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: requirements.id,
      number: requirements.referenceNumber,
      acronym: acronymOf(sql`requirements.document_id`),
      chain: chainOf(sql`requirements.category_id`, sql`requirements.document_id`),
    })
    .from(requirements)
    .where(inArray(requirements.id, ids));
  return new Map(
    rows.map((r) => [r.id, requirementReference((r.chain ?? []).reduce(categoryReference, r.acronym ?? ''), r.number)]),
  );
}

export async function categoryReferences(tx: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: categories.id,
      acronym: acronymOf(sql`categories.document_id`),
      chain: chainOf(sql`categories.id`, sql`categories.document_id`),
    })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, (r.chain ?? []).reduce(categoryReference, r.acronym ?? '')]));
}

export const requirementReferenceOf = async (tx: Db, id: number) =>
  (await requirementReferences(tx, [id])).get(id) ?? null;
export const categoryReferenceOf = async (tx: Db, id: number) => (await categoryReferences(tx, [id])).get(id) ?? null;
