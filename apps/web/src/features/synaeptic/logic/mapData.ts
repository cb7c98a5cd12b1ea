import { mapCoverage, type ProjectMapPresented, type RequirementPresented } from '@reqloom/domain';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';

/** What the map knows of a requirement: what its card, its links and its trace need, and no description. */
export type MapRequirement = Pick<
  RequirementPresented,
  | 'id'
  | 'document_id'
  | 'category_id'
  | 'reference'
  | 'name'
  | 'status'
  | 'type'
  | 'test'
  | 'order'
  | 'coverageStatus'
  | 'parents'
  | 'children'
>;

export interface MapData {
  documents: StructureDocument[];
  /** Every requirement by id. */
  requirements: Map<number, MapRequirement>;
  /** Each document's requirements (an empty list for a document without any), in the answer's order. */
  byDocument: Map<number, MapRequirement[]>;
}

/**
 * The map's answer (GET projects/map/{id}, compact rows) as objects: each requirement with its parents and
 * children marks, as the document lists present them, so that the layout and the trace read one shape. A link
 * whose other end is not in the answer (a test, for a user without the alpha flag) is not in it either.
 */
export function decodeMap(answer: ProjectMapPresented): MapData {
  const requirements = new Map<number, MapRequirement>();
  const byDocument = new Map<number, MapRequirement[]>(answer.documents.map((d) => [d.id, []]));
  for (const [id, documentId, categoryId, reference, name, status, test, order, coverage] of answer.requirements) {
    const requirement: MapRequirement = {
      id,
      document_id: documentId,
      category_id: categoryId,
      reference,
      name,
      status,
      type: test === 1 ? 'test' : 'requirement',
      test: test === 1,
      order,
      coverageStatus: mapCoverage(coverage),
      parents: [],
      children: [],
    };
    requirements.set(id, requirement);
    const list = byDocument.get(documentId);
    if (list) list.push(requirement);
    else byDocument.set(documentId, [requirement]);
  }
  for (const [parentId, childId, upToDate] of answer.links) {
    const parent = requirements.get(parentId);
    const child = requirements.get(childId);
    if (!parent || !child) continue;
    parent.children.push({ id: childId, upToDate: upToDate === 1 });
    child.parents.push({ id: parentId, upToDate: upToDate === 1 });
  }
  return { documents: answer.documents, requirements, byDocument };
}
