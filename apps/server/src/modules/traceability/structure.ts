import { asc, eq } from 'drizzle-orm';
import type { StructureDocumentPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { loadCategoryTrees, orderedCategories, type CategoryTree } from '../../read/categories.presenter';
import { presentDocuments } from '../../read/documents.presenter';

/** The project's documents in the order every list shows them: by name, then by id. */
export const projectDocumentRows = (db: Db, projectId: number) =>
  db.select().from(documents).where(eq(documents.projectId, projectId)).orderBy(asc(documents.name), asc(documents.id));

/**
 * The project's structure (GET projects/structure/{id}, and the map's): every document with its category tree in
 * tree order. The trees come back too, since a reader of requirements needs their references.
 */
export async function presentStructure(
  db: Db,
  projectId: number,
): Promise<{ documents: StructureDocumentPresented[]; trees: Map<number, CategoryTree> }> {
  const rows = await projectDocumentRows(db, projectId);
  const docs = await presentDocuments(db, rows);
  const trees = await loadCategoryTrees(
    db,
    rows.map((d) => d.id),
  );
  return {
    documents: docs.map((d) => ({ ...d, categories: trees.get(d.id) ? orderedCategories(trees.get(d.id)!) : [] })),
    trees,
  };
}
