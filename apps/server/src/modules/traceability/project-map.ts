import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import {
  COVERAGE_STATUSES,
  coverageStatus,
  requirementReference,
  type MapLinkRow,
  type MapRequirementRow,
  type ProjectMapPresented,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import { documents, requirements } from '../../db/schema';
import { projectRequirementLinks } from './requirement-links';
import { presentStructure } from './structure';

/** Whose map it is: tests are shown to alpha users only (spec 2). */
export interface MapReader {
  tests: boolean;
}

/**
 * GET projects/map/{id}: what the synaeptic map draws of a whole project, in one answer (issue 13): the structure,
 * then every requirement without its description in one statement (the project's documents by their index, each
 * document's requirements by `requirements_document_position_idx`), and every link with its up-to-date mark in
 * another (`requirement_links_project_idx`, each side by its primary key). The rows are arrays (ProjectMapPresented).
 * Coverage is counted over every link, tests' included, so that it reads as in the detailed view; without the alpha
 * flag the tests and their links are then left out.
 */
export async function readProjectMap(db: Db, projectId: number, reader: MapReader): Promise<ProjectMapPresented> {
  const onlyRequirements: SQL | undefined = reader.tests ? undefined : ne(requirements.type, 'test');
  // One after the other on PGlite's one connection, side by side on a PostgreSQL pool.
  const [structure, rows, links] = await Promise.all([
    presentStructure(db, projectId),
    db
      .select({
        id: requirements.id,
        documentId: requirements.documentId,
        categoryId: requirements.categoryId,
        referenceNumber: requirements.referenceNumber,
        name: requirements.name,
        status: requirements.status,
        type: requirements.type,
        position: requirements.position,
      })
      .from(documents)
      .innerJoin(requirements, eq(requirements.documentId, documents.id))
      .where(and(eq(documents.projectId, projectId), onlyRequirements))
      .orderBy(asc(requirements.documentId), asc(requirements.position), asc(requirements.id)),
    projectRequirementLinks(db, projectId),
  ]);

  const parentCount = new Map<number, number>();
  const childCount = new Map<number, number>();
  for (const l of links) {
    childCount.set(l.parent_id, (childCount.get(l.parent_id) ?? 0) + 1);
    parentCount.set(l.child_id, (parentCount.get(l.child_id) ?? 0) + 1);
  }
  const documentById = new Map(structure.documents.map((d) => [d.id, d]));
  const shown = new Set<number>();
  const requirementRows = rows.map((r): MapRequirementRow => {
    shown.add(r.id);
    const document = documentById.get(r.documentId);
    const tree = structure.trees.get(r.documentId);
    const prefix = (r.categoryId !== null ? tree?.references.get(r.categoryId) : undefined) ?? document?.acronym ?? '';
    const coverage = coverageStatus({
      documentHasChildren: (document?.children.length ?? 0) > 0,
      documentHasParents: (document?.parents.length ?? 0) > 0,
      childCount: childCount.get(r.id) ?? 0,
      parentCount: parentCount.get(r.id) ?? 0,
    });
    return [
      r.id,
      r.documentId,
      r.categoryId,
      requirementReference(prefix, r.referenceNumber),
      r.name,
      r.status,
      r.type === 'test' ? 1 : 0,
      r.position,
      COVERAGE_STATUSES.indexOf(coverage),
    ];
  });
  const linkRows: MapLinkRow[] = links
    .filter((l) => shown.has(l.parent_id) && shown.has(l.child_id))
    .map((l) => [l.parent_id, l.child_id, l.upToDate ? 1 : 0]);
  return { documents: structure.documents, requirements: requirementRows, links: linkRows };
}
