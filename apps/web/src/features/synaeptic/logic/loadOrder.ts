import { layoutDocumentGraph, type GraphDocument } from '../../working-area/logic/documentGraph';

/** Document lists asked for at once by the map (see useMapData). */
export const LISTS_IN_FLIGHT = 4;

/**
 * The order in which the map asks for the documents' requirements: as it shows them, column by column from the
 * left, top to bottom in each, so that what is in view first comes first.
 */
export function mapLoadOrder(documents: readonly GraphDocument[]): number[] {
  const { places } = layoutDocumentGraph(documents);
  return [...documents]
    .sort((a, b) => {
      const [pa, pb] = [places.get(a.id), places.get(b.id)];
      return (pa?.column ?? 0) - (pb?.column ?? 0) || (pa?.row ?? 0) - (pb?.row ?? 0);
    })
    .map((d) => d.id);
}
