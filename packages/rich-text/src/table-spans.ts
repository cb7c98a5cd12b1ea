/**
 * How wide a description's table may be through its cells' spans (Word's own tables stop at 63 columns). A span
 * only says how many columns to draw, and whatever draws the table works that many times: the editor's table map,
 * TipTap's column group (the server writes it whenever it turns a description into HTML) and the Word export's grid.
 * A colspan of 1,000,000,000 ran the server out of its heap when the description was written back or exported.
 */
export const TABLE_COLUMNS_MAX = 100;
/** HTML's own bound for a rowspan (a longer one is cut at the table's last row anyway). */
export const ROWSPAN_MAX = 65_534;

/** A span as a whole number from 1 to `max`: 1 for anything that is not a positive number. */
export function spanWithin(value: unknown, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), max) : 1;
}

type JsonNode = { type?: unknown; attrs?: unknown; content?: unknown };

/**
 * Bounds the spans of every table in a document (ProseMirror JSON, changed in place): in each row, a cell spans at
 * most the columns its row has left of TABLE_COLUMNS_MAX (at least one), so that a table is never wider through its
 * spans than its cells make it; a table inside a cell has its own rows.
 */
export function boundTableSpans(node: JsonNode): void {
  if (!Array.isArray(node.content)) return;
  if (node.type !== 'table') {
    for (const child of node.content as JsonNode[]) boundTableSpans(child);
    return;
  }
  for (const row of node.content as JsonNode[]) {
    if (!Array.isArray(row.content)) continue;
    let used = 0;
    for (const cell of row.content as JsonNode[]) {
      if (cell.attrs && typeof cell.attrs === 'object') {
        const attrs = cell.attrs as Record<string, unknown>;
        const colspan = spanWithin(attrs.colspan, Math.max(1, TABLE_COLUMNS_MAX - used));
        attrs.colspan = colspan;
        attrs.rowspan = spanWithin(attrs.rowspan, ROWSPAN_MAX);
        used += colspan;
      }
      boundTableSpans(cell);
    }
  }
}
