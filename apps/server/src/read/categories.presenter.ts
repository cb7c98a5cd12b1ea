import { asc, eq, inArray } from 'drizzle-orm';
import { categoryReference, compareTreeOrder, nestedSet, type CategoryPresented } from '@reqloom/domain';
import type { Db } from '../db/client';
import { categories, documents } from '../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

/**
 * Everything about a document's category tree that presenters need: nested-set numbers, addresses
 * and references, computed from the stored (parent, position) pairs.
 */
export type CategoryTree = {
  rows: CategoryRow[];
  presented: Map<number, CategoryPresented>;
  /** Category id → its reference, for requirement references. */
  references: Map<number, string>;
};

export function buildCategoryTree(documentAcronym: string, rows: CategoryRow[]): CategoryTree {
  const places = nestedSet(rows.map((c) => ({ id: c.id, parentId: c.parentId, position: c.position })));
  const byId = new Map(rows.map((c) => [c.id, c]));
  const references = new Map<number, string>();
  const referenceOf = (id: number, guard = 0): string => {
    const known = references.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return documentAcronym;
    const parent =
      row.parentId !== null && byId.has(row.parentId) && guard < 100
        ? referenceOf(row.parentId, guard + 1)
        : documentAcronym;
    const reference = categoryReference(parent, row.acronym);
    references.set(id, reference);
    return reference;
  };
  const presented = new Map<number, CategoryPresented>();
  for (const row of rows) {
    const place = places.get(row.id) ?? { lft: 0, rgt: 0, address: [], depth: 0 };
    presented.set(row.id, {
      id: row.id,
      document_id: row.documentId,
      parent_id: row.parentId,
      name: row.name,
      acronym: row.acronym,
      description: row.description,
      reference: referenceOf(row.id),
      order: row.position,
      _lft: place.lft,
      _rgt: place.rgt,
      address: place.address,
      depth: place.depth,
      version: row.version,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    });
  }
  return { rows, presented, references };
}

/** Loads the trees of several documents at once, in one query: document id → tree. */
export async function loadCategoryTrees(db: Db, documentIds: number[]): Promise<Map<number, CategoryTree>> {
  const trees = new Map<number, CategoryTree>();
  if (documentIds.length === 0) return trees;
  const rows = await db
    .select({ documentId: documents.id, acronym: documents.acronym, category: categories })
    .from(documents)
    .leftJoin(categories, eq(categories.documentId, documents.id))
    .where(inArray(documents.id, documentIds))
    .orderBy(asc(categories.position), asc(categories.id));
  const byDocument = new Map<number, { acronym: string; rows: CategoryRow[] }>();
  for (const row of rows) {
    const entry = byDocument.get(row.documentId) ?? { acronym: row.acronym, rows: [] };
    if (row.category) entry.rows.push(row.category);
    byDocument.set(row.documentId, entry);
  }
  for (const [id, doc] of byDocument) trees.set(id, buildCategoryTree(doc.acronym, doc.rows));
  return trees;
}

export async function loadCategoryTree(db: Db, documentId: number): Promise<CategoryTree> {
  const trees = await loadCategoryTrees(db, [documentId]);
  return trees.get(documentId) ?? buildCategoryTree('', []);
}

/** The tree's categories in nested-set order (parents before children, siblings in order). */
export function orderedCategories(tree: CategoryTree): CategoryPresented[] {
  return [...tree.presented.values()].sort(compareTreeOrder);
}

/** The ids of a category and all its descendants. */
export function subtreeIds(tree: CategoryTree, categoryId: number): number[] {
  const root = tree.presented.get(categoryId);
  if (!root) return [];
  return [...tree.presented.values()].filter((c) => c._lft >= root._lft && c._rgt <= root._rgt).map((c) => c.id);
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}
