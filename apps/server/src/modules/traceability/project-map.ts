import { sql, type SQL } from 'drizzle-orm';
import {
  COVERAGE_STATUSES,
  coverageStatus,
  requirementReference,
  type MapLinkRow,
  type MapRequirementRow,
  type ProjectMapPresented,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { upToDateSql } from '../../read/link-marks';
import { presentStructure } from './structure';

type Row = [
  id: number,
  documentId: number,
  categoryId: number | null,
  referenceNumber: number,
  name: string,
  status: number,
  type: string,
  position: number,
];
type Link = [parentId: number, childId: number, upToDate: boolean];

/**
 * The rows of a statement that aggregates them into one JSON array (`json_agg(…)::text as rows`). A driver, PGlite's
 * above all, spends far more reading 20,000 rows of eight fields than JSON.parse does on one text: at 20,000
 * requirements and links on PGlite, the requirements came in 66 ms rather than 290, the links in 49 rather than 122.
 */
async function jsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const [row] = rowsOf<{ rows: string | null }>(await db.execute(query));
  return row?.rows ? (JSON.parse(row.rows) as T[]) : [];
}

/** Whose map it is: tests are shown to alpha users only (spec 2). */
export interface MapReader {
  tests: boolean;
}

/**
 * GET projects/map/{id}: what the synaeptic map draws of a whole project, in one answer (issue 13): the structure,
 * then every requirement without its description in one statement (the project's documents by their index, each
 * document's requirements by `requirements_document_position_idx`), and every link with its up-to-date mark in
 * another (`requirement_links_project_idx`, each side by its primary key), each statement's rows as one JSON array
 * (`jsonRows`). The rows of the answer are arrays too (ProjectMapPresented).
 * Coverage is counted over every link, tests' included, so that it reads as in the detailed view; without the alpha
 * flag the tests and their links are then left out.
 */
export async function readProjectMap(db: Db, projectId: number, reader: MapReader): Promise<ProjectMapPresented> {
  const onlyRequirements = reader.tests ? sql`` : sql`and r.type <> 'test'`;
  // One after the other on PGlite's one connection, side by side on a PostgreSQL pool.
  const [structure, rows, links] = await Promise.all([
    presentStructure(db, projectId),
    jsonRows<Row>(
      db,
      sql`select json_agg(json_build_array(r.id, r.document_id, r.category_id, r.reference_number, r.name, r.status,
                                           r.type, r.position) order by r.document_id, r.position, r.id)::text as rows
            from documents d join requirements r on r.document_id = d.id
           where d.project_id = ${projectId} ${onlyRequirements}`,
    ),
    jsonRows<Link>(
      db,
      sql`select json_agg(json_build_array(l.parent_id, l.child_id,
                                           ${upToDateSql('p', 'c')}))::text as rows
            from requirement_links l
            join requirements p on p.id = l.parent_id
            join requirements c on c.id = l.child_id
           where l.project_id = ${projectId}`,
    ),
  ]);

  const parentCount = new Map<number, number>();
  const childCount = new Map<number, number>();
  for (const [parentId, childId] of links) {
    childCount.set(parentId, (childCount.get(parentId) ?? 0) + 1);
    parentCount.set(childId, (parentCount.get(childId) ?? 0) + 1);
  }
  const documentById = new Map(structure.documents.map((d) => [d.id, d]));
  const shown = new Set<number>();
  const requirementRows = rows.map(
    ([id, documentId, categoryId, referenceNumber, name, status, type, position]): MapRequirementRow => {
      shown.add(id);
      const document = documentById.get(documentId);
      const tree = structure.trees.get(documentId);
      const prefix = (categoryId !== null ? tree?.references.get(categoryId) : undefined) ?? document?.acronym ?? '';
      const coverage = coverageStatus({
        documentHasChildren: (document?.children.length ?? 0) > 0,
        documentHasParents: (document?.parents.length ?? 0) > 0,
        childCount: childCount.get(id) ?? 0,
        parentCount: parentCount.get(id) ?? 0,
      });
      return [
        id,
        documentId,
        categoryId,
        requirementReference(prefix, referenceNumber),
        name,
        status,
        type === 'test' ? 1 : 0,
        position,
        COVERAGE_STATUSES.indexOf(coverage),
      ];
    },
  );
  const linkRows: MapLinkRow[] = links
    .filter(([parentId, childId]) => shown.has(parentId) && shown.has(childId))
    .map(([parentId, childId, upToDate]) => [parentId, childId, upToDate ? 1 : 0]);
  return { documents: structure.documents, requirements: requirementRows, links: linkRows };
}
