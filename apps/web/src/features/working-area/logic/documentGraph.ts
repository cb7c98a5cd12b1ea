export interface GraphDocument {
  id: number;
  parents: readonly number[];
}

export interface GraphLayout {
  /** Column (0 for documents without parents) and row of each document. */
  places: Map<number, { column: number; row: number }>;
  columns: number;
  rows: number;
  edges: Array<{ parent: number; child: number }>;
}

/**
 * Lays out documents as a left-to-right flow: a document's column is the length of the longest chain of parents
 * above it, so every link points to the right. Within a column, documents follow the mean row of their parents
 * (the barycentre heuristic), which keeps most links short and uncrossed; ties keep the given (name) order.
 */
export function layoutDocumentGraph(documents: readonly GraphDocument[]): GraphLayout {
  const ids = new Set(documents.map((d) => d.id));
  const parentsOf = new Map(documents.map((d) => [d.id, d.parents.filter((p) => ids.has(p) && p !== d.id)]));
  const column = new Map<number, number>();
  const depth = (id: number, path: Set<number>): number => {
    const known = column.get(id);
    if (known !== undefined) return known;
    if (path.has(id)) return 0; // a cycle in damaged data: cut it here
    path.add(id);
    const parents = parentsOf.get(id) ?? [];
    const value = parents.length === 0 ? 0 : Math.max(...parents.map((p) => depth(p, path) + 1));
    path.delete(id);
    column.set(id, value);
    return value;
  };
  documents.forEach((d) => depth(d.id, new Set()));

  const columns = Math.max(0, ...column.values()) + (documents.length > 0 ? 1 : 0);
  const places = new Map<number, { column: number; row: number }>();
  let rows = 0;
  for (let c = 0; c < columns; c++) {
    const inColumn = documents
      .map((d, order) => ({ d, order }))
      .filter(({ d }) => column.get(d.id) === c)
      .map(({ d, order }) => {
        const parentRows = (parentsOf.get(d.id) ?? []).map((p) => places.get(p)?.row ?? 0);
        const centre = parentRows.length ? parentRows.reduce((a, b) => a + b, 0) / parentRows.length : order;
        return { id: d.id, centre, order };
      })
      .sort((a, b) => a.centre - b.centre || a.order - b.order);
    inColumn.forEach(({ id }, row) => places.set(id, { column: c, row }));
    rows = Math.max(rows, inColumn.length);
  }
  const edges = documents.flatMap((d) => (parentsOf.get(d.id) ?? []).map((parent) => ({ parent, child: d.id })));
  return { places, columns, rows, edges };
}

/** A card's width and the gap between columns: the widest that fit `available` pixels, within their bounds. */
export interface GraphSizes {
  cardWidth: number;
  columnGap: number;
}

// At their least, three columns fit the overview beside its side panel from a 1,280 px window (about 550 px).
export const GRAPH_CARD_WIDTH = { max: 224, min: 150 };
export const GRAPH_COLUMN_GAP = { max: 72, min: 32 };

/**
 * Sizes the columns to the space there is, so that a project's usual three or four levels show whole beside the
 * overview's side panel (at 1,440 px the third card of three was cut). The gaps give way first, then the cards,
 * down to their least widths; a deeper graph than that scrolls.
 */
export function fitDocumentGraph(columns: number, available: number): GraphSizes {
  const widest = { cardWidth: GRAPH_CARD_WIDTH.max, columnGap: GRAPH_COLUMN_GAP.max };
  if (columns <= 1 || !(available > 0)) return widest;
  const gaps = columns - 1;
  const need = (card: number, gap: number) => columns * card + gaps * gap;
  if (need(widest.cardWidth, widest.columnGap) <= available) return widest;
  const columnGap = Math.max(
    GRAPH_COLUMN_GAP.min,
    Math.min(GRAPH_COLUMN_GAP.max, Math.floor((available - columns * GRAPH_CARD_WIDTH.max) / gaps)),
  );
  const cardWidth = Math.max(
    GRAPH_CARD_WIDTH.min,
    Math.min(GRAPH_CARD_WIDTH.max, Math.floor((available - gaps * columnGap) / columns)),
  );
  return { cardWidth, columnGap };
}
