import type { Box, CardBox, MapLayout } from './mapLayout';

/** Spec 2 §9: zoom 10–100 in steps of 5. */
export const ZOOM_MIN = 10;
export const ZOOM_MAX = 100;
export const ZOOM_STEP = 5;

export const clampZoom = (zoom: number) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom / ZOOM_STEP) * ZOOM_STEP));

/**
 * Screen pixels per map pixel. Zoom 50, the default, draws the cards at their own size (a 12 px font reads as
 * 12 px): the range goes from a fifth of that, to see a whole project, to twice it.
 */
export const scaleOf = (zoom: number) => zoom / 50;

/** The part of the map in sight, in map pixels. */
export interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The region whose cards are put in the page (or whose links are drawn): the view grown by `margin` of its size on
 * each side, snapped to a grid of `tile` map pixels so that a pan changes it (and renders or draws) only when it
 * crosses a tile, not on every frame.
 */
export function renderRegion(view: View, tile = 512, margin = 0.5): View {
  const x0 = Math.floor((view.x - view.width * margin) / tile) * tile;
  const y0 = Math.floor((view.y - view.height * margin) / tile) * tile;
  const x1 = Math.ceil((view.x + view.width * (1 + margin)) / tile) * tile;
  const y1 = Math.ceil((view.y + view.height * (1 + margin)) / tile) * tile;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export const sameRegion = (a: View, b: View) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

export const intersects = (box: Box, region: View) =>
  box.x < region.x + region.width &&
  box.x + box.width > region.x &&
  box.y < region.y + region.height &&
  box.y + box.height > region.y;

/** The first index of a column whose card ends below `y` (cards go down a column in order). */
function firstBelow(column: readonly CardBox[], y: number, tallest: number): number {
  let low = 0;
  let high = column.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (column[middle]!.y + tallest <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The cards in a region, found by bisection in each column it crosses: a pan costs the cards in sight, not all. */
export function cardsIn(layout: MapLayout, region: View): CardBox[] {
  const found: CardBox[] = [];
  for (const [c, column] of layout.columns.entries()) {
    const { left, right, tallest } = layout.columnBounds[c]!;
    if (left >= region.x + region.width || right <= region.x) continue;
    for (let i = firstBelow(column, region.y, tallest); i < column.length; i++) {
      const card = column[i]!;
      if (card.y >= region.y + region.height) break;
      if (intersects(card, region)) found.push(card);
    }
  }
  return found;
}
