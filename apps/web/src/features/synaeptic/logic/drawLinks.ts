import { linkColour, MAP_COLOURS, type MapColour } from './colours';
import type { LinkLine } from './mapLayout';
import type { Trace } from './trace';
import type { View } from './viewport';

export type LinkState = 'active' | 'dimmed';

/**
 * Whether and how a link shows (decisions §18): with nothing selected, every link or none (showAllLinks); with a
 * selection, the links inside its trace stand out and the others are dimmed, or left out without showAllLinks.
 */
export function linkState(
  link: LinkLine,
  trace: Trace | null,
  showAllLinks: boolean,
  kind: 'requirement' | 'document',
): LinkState | null {
  if (!trace) return showAllLinks ? 'active' : null;
  const inTrace = kind === 'requirement' ? trace.requirements : trace.documents;
  if (inTrace.has(link.parent) && inTrace.has(link.child)) return 'active';
  return showAllLinks ? 'dimmed' : null;
}

/** How many links of each colour were drawn standing out: what the page tells tests and screen readers. */
export type DrawnCounts = Record<MapColour, number>;

export interface DrawOptions {
  view: View;
  scale: number;
  pixelRatio: number;
  trace: Trace | null;
  showAllLinks: boolean;
}

/** Crosses the view: the box of the curve's two ends meets it (the curve stays within that box). */
const inView = (l: LinkLine, v: View) =>
  Math.max(l.x1, l.x2) >= v.x &&
  Math.min(l.x1, l.x2) <= v.x + v.width &&
  Math.max(l.y1, l.y2) >= v.y &&
  Math.min(l.y1, l.y2) <= v.y + v.height;

/**
 * How many links of each colour stand out in a region (those a tile of it draws, each counted once): what the
 * page tells tests and screen readers, as the links are drawn in several tiles.
 */
export function countLinks(
  links: readonly LinkLine[],
  documentLinks: readonly LinkLine[],
  options: Pick<DrawOptions, 'view' | 'trace' | 'showAllLinks'>,
): DrawnCounts {
  const counts: DrawnCounts = { blue: 0, red: 0, black: 0 };
  const add = (line: LinkLine, kind: 'requirement' | 'document') => {
    if (inView(line, options.view) && linkState(line, options.trace, options.showAllLinks, kind) === 'active')
      counts[linkColour(line.upToDate)]++;
  };
  for (const line of documentLinks) add(line, 'document');
  for (const line of links) add(line, 'requirement');
  return counts;
}

/**
 * Draws the links that cross the view, as curves from a parent's right edge to a child's left edge. One path per
 * colour and state, so 20,000 links cost six strokes, not 20,000; the lines keep their width on screen at any zoom.
 */
export function drawLinks(
  ctx: CanvasRenderingContext2D,
  links: readonly LinkLine[],
  documentLinks: readonly LinkLine[],
  options: DrawOptions,
): DrawnCounts {
  const { view, scale, pixelRatio } = options;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const k = scale * pixelRatio;
  ctx.setTransform(k, 0, 0, k, -view.x * k, -view.y * k);
  const counts: DrawnCounts = { blue: 0, red: 0, black: 0 };
  const paths = new Map<string, Path2D>();
  const add = (line: LinkLine, kind: 'requirement' | 'document') => {
    if (!inView(line, view)) return;
    const state = linkState(line, options.trace, options.showAllLinks, kind);
    if (!state) return;
    const colour = linkColour(line.upToDate);
    if (state === 'active') counts[colour]++;
    const key = `${kind}:${colour}:${state}`;
    let path = paths.get(key);
    if (!path) paths.set(key, (path = new Path2D()));
    const bend = Math.max(40, Math.abs(line.x2 - line.x1) / 2);
    path.moveTo(line.x1, line.y1);
    path.bezierCurveTo(line.x1 + bend, line.y1, line.x2 - bend, line.y2, line.x2, line.y2);
  };
  for (const line of documentLinks) add(line, 'document');
  for (const line of links) add(line, 'requirement');
  for (const [key, path] of paths) {
    const [kind, colour, state] = key.split(':') as ['requirement' | 'document', MapColour, LinkState];
    ctx.strokeStyle = MAP_COLOURS[colour];
    ctx.globalAlpha = state === 'dimmed' ? 0.1 : kind === 'document' ? 0.3 : options.trace ? 0.95 : 0.5;
    ctx.lineWidth = (kind === 'document' ? 2 : state === 'active' && options.trace ? 2 : 1) / scale;
    ctx.setLineDash(kind === 'document' ? [6 / scale, 6 / scale] : []);
    ctx.stroke(path);
  }
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
  return counts;
}
