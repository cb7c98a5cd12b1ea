import type { DocumentOrder } from '@reqloom/domain';
import { layoutDocumentGraph, type GraphDocument } from './documentGraph';

/**
 * The side bar's documents in the user's order (issue 31): as given (by name), or by traceability, column by column
 * of the synaeptic map's layout: documents without parents first, each child after the longest chain of its
 * parents, and within a depth the map's rows (near their parents, then by name).
 */
export function orderDocuments<T extends GraphDocument>(documents: readonly T[], order: DocumentOrder): T[] {
  if (order === 'name') return [...documents];
  const { places } = layoutDocumentGraph(documents);
  const place = (d: T) => places.get(d.id) ?? { column: 0, row: 0 };
  return [...documents].sort((a, b) => place(a).column - place(b).column || place(a).row - place(b).row);
}
