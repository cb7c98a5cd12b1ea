/** The sizes of the map's boxes, in map pixels at zoom 50 (one map pixel is one screen pixel there). */
export interface MapMetrics {
  fontSize: number;
  lineHeight: number;
  /** A requirement card: reference line, two lines of name, padding. */
  cardWidth: number;
  cardHeight: number;
  cardGap: number;
  padX: number;
  padY: number;
  /** Space between a container's edge and what it holds, on each side. */
  inset: number;
  documentHeader: number;
  categoryHeader: number;
  documentGap: number;
  /** Room between columns for the links to curve through. */
  columnGap: number;
}

/** Everything follows the font size (decisions §18: 12 by default), so a larger font keeps the same proportions. */
export function mapMetrics(fontSize: number): MapMetrics {
  const lineHeight = Math.round(fontSize * 1.4);
  const padY = Math.round(fontSize * 0.4);
  return {
    fontSize,
    lineHeight,
    cardWidth: fontSize * 20,
    cardHeight: lineHeight * 3 + padY * 2,
    cardGap: Math.round(fontSize * 0.5),
    padX: Math.round(fontSize * 0.7),
    padY,
    inset: Math.round(fontSize * 0.7),
    documentHeader: lineHeight * 2 + padY * 3,
    categoryHeader: lineHeight + padY * 2,
    documentGap: fontSize * 3,
    columnGap: fontSize * 14,
  };
}

/**
 * The height a description preview needs in a card, guessed from its length rather than measured: the layout
 * is computed without a DOM, and a glyph of the interface font is under 0.6 em wide on average.
 */
export function descriptionHeight(text: string, metrics: MapMetrics): number {
  if (!text) return 0;
  const perLine = Math.max(10, Math.floor((metrics.cardWidth - 2 * metrics.padX) / (metrics.fontSize * 0.6)));
  // Lines break at words, not at any character: a tenth more lines than the characters alone need.
  const lines = Math.ceil((text.length * 1.1) / perLine);
  return lines * metrics.lineHeight + metrics.padY;
}
