import { sql } from 'drizzle-orm';
import {
  compareReadingOrder,
  requirementReference,
  type MatrixPair,
  type MatrixPresented,
  type MatrixQuery,
  type MatrixRequirement,
} from '@reqloom/domain';
import { invalid, type FieldErrors } from '../../core/errors';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { loadCategoryTrees, type CategoryTree } from '../../read/categories.presenter';
import { upToDateSql } from '../../read/link-marks';

/** A requirement as the matrix reads it: enough for its reference and its reading-order place. */
type Placed = {
  id: number;
  name: string;
  status: number;
  category_id: number | null;
  order: number;
  reference_number: number;
};

type LinkRow = Placed & { parent_id: number; up: boolean };

const placed = (alias: string) =>
  sql.raw(
    `${alias}.id, ${alias}.name, ${alias}.status, ${alias}.category_id, ${alias}.position as "order", ` +
      `${alias}.reference_number`,
  );

/**
 * The traceability matrix (decisions §24) in three set-based statements whatever the size: the two category trees,
 * the parent document's requirements, and the links between the two documents with their up-to-date marks (the
 * rule of decisions §22, `upToDateSql`). Both lists are put in reading order by the one rule (`compareReadingOrder`).
 *
 * The coverage is of the whole parent document, whatever the filter: `uncovered` lists the parents no child covers,
 * `suspect` those with a suspect link; each listed row keeps all its links, so a suspect one is seen beside the
 * others. Tests (alpha, spec 2) are left out for the others, as in the suspect links' list.
 */
export async function traceabilityMatrix(
  db: Db,
  projectId: number,
  query: MatrixQuery,
  options: { tests: boolean },
): Promise<MatrixPresented> {
  const parentId = query.parent_document_id;
  const childId = query.child_document_id;
  const documents = await matrixDocuments(db, projectId, query);
  if ('errors' in documents) throw invalid(documents.errors);

  const kinds = (alias: string) => (options.tests ? sql`true` : sql.raw(`${alias}.type = 'requirement'`));
  const [trees, parents, links] = await Promise.all([
    loadCategoryTrees(db, [parentId, childId]),
    db
      .execute(sql`select ${placed('p')} from requirements p where p.document_id = ${parentId} and ${kinds('p')}`)
      .then((r) => rowsOf<Placed>(r)),
    db
      .execute(
        sql`select l.parent_id, ${placed('c')}, ${upToDateSql('p', 'c')} as up
              from requirements p
              join requirement_links l on l.parent_id = p.id
              join requirements c on c.id = l.child_id
             where p.document_id = ${parentId} and c.document_id = ${childId} and ${kinds('p')} and ${kinds('c')}`,
      )
      .then((r) => rowsOf<LinkRow>(r)),
  ]);
  const acronym = (id: number) => (id === parentId ? documents.parent : documents.child).acronym;
  const parentTree = trees.get(parentId);
  const childTree = trees.get(childId);
  const present = requirementOf(acronym(parentId), parentTree);
  const presentChild = requirementOf(acronym(childId), childTree);

  const byParent = new Map<number, LinkRow[]>();
  for (const link of links) {
    const key = Number(link.parent_id);
    const list = byParent.get(key) ?? [];
    list.push(normalised(link));
    byParent.set(key, list);
  }
  const childOrder = compareReadingOrder(childTree?.presented ?? new Map());
  const rows: MatrixPresented['rows'] = [];
  let covered = 0;
  for (const parent of parents.map(normalised).sort(compareReadingOrder(parentTree?.presented ?? new Map()))) {
    const children = (byParent.get(parent.id) ?? []).sort(childOrder);
    if (children.length) covered += 1;
    if (query.filter === 'uncovered' && children.length) continue;
    if (query.filter === 'suspect' && children.every((c) => c.up)) continue;
    rows.push({
      requirement: present(parent),
      links: children.map((c) => ({ requirement: presentChild(c), suspect: !c.up })),
    });
  }
  return { rows, coverage: { covered, total: parents.length } };
}

type MatrixDocument = { id: number; name: string; acronym: string };

/** The matrix's two documents, or the fields naming one that is not of the project (decisions §24: 422). */
export async function matrixDocuments(
  db: Db,
  projectId: number,
  query: Pick<MatrixQuery, 'parent_document_id' | 'child_document_id'>,
): Promise<{ parent: MatrixDocument; child: MatrixDocument } | { errors: FieldErrors }> {
  const found = rowsOf<MatrixDocument & { project_id: number }>(
    await db.execute(
      sql`select id, project_id, name, acronym from documents
           where id in (${query.parent_document_id}, ${query.child_document_id}) and project_id = ${projectId}`,
    ),
  );
  const of = (id: number) => found.find((d) => Number(d.id) === id);
  const parent = of(query.parent_document_id);
  const child = of(query.child_document_id);
  if (parent && child) return { parent, child };
  const errors: FieldErrors = {};
  if (!parent) errors.parent_document_id = ['validation.not_in_project'];
  if (!child) errors.child_document_id = ['validation.not_in_project'];
  return { errors };
}

/** The drivers give integers as numbers or strings (PGlite, pg): one shape before sorting. */
function normalised<R extends Placed>(row: R): R {
  return {
    ...row,
    id: Number(row.id),
    status: Number(row.status),
    category_id: row.category_id === null ? null : Number(row.category_id),
    order: Number(row.order),
    reference_number: Number(row.reference_number),
  };
}

function requirementOf(acronym: string, tree: CategoryTree | undefined) {
  return (r: Placed): MatrixRequirement => ({
    id: r.id,
    reference: requirementReference(
      r.category_id === null ? acronym : (tree?.references.get(r.category_id) ?? acronym),
      r.reference_number,
    ),
    name: r.name,
    status: r.status,
  });
}

/** The pairs of the project's documents that requirement links join, parent document first. */
export async function matrixPairs(db: Db, projectId: number, options: { tests: boolean }): Promise<MatrixPair[]> {
  const kinds = options.tests ? sql`true` : sql`p.type = 'requirement' and c.type = 'requirement'`;
  const rows = rowsOf<{ parent_document_id: number; child_document_id: number; links: number }>(
    await db.execute(sql`
      select p.document_id as parent_document_id, c.document_id as child_document_id, count(*)::int as links
        from requirement_links l
        join requirements p on p.id = l.parent_id
        join requirements c on c.id = l.child_id
       where l.project_id = ${projectId} and ${kinds}
       group by p.document_id, c.document_id
       order by p.document_id, c.document_id`),
  );
  return rows.map((r) => ({
    parent_document_id: Number(r.parent_document_id),
    child_document_id: Number(r.child_document_id),
    links: Number(r.links),
  }));
}
