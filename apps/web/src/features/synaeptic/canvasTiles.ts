import type { View } from './logic/viewport';

/** A tile's side on screen, in CSS pixels, whatever the zoom. */
export const TILE_PX = 512;

export type PaintTile = (ctx: CanvasRenderingContext2D, tile: View, scale: number, pixelRatio: number) => void;

/**
 * The map's drawn part (links, and the cards at low zoom) as square canvases of TILE_PX on screen, placed in the
 * moving layer. A pan draws only the tiles that come into the region around the view, once each, and drops those
 * that leave it; a tile in sight is never drawn again until the scale or the drawing changes. One large canvas
 * redrawn whenever the view left it cost 50–100 ms a time in a software-rendered browser (clearing, stroking and
 * handing over millions of pixels); a row of tiles costs a fraction of that, and nothing on most frames.
 */
export class CanvasTiles {
  private readonly tiles = new Map<string, HTMLCanvasElement>();
  private readonly spare: HTMLCanvasElement[] = [];
  private scale = 0;
  private paint: PaintTile | null = null;

  constructor(private readonly host: HTMLElement) {}

  /**
   * Makes the tiles that cover `region` present and drawn with `paint` at `scale`, and drops the others. The tiles
   * nearest the region's centre (the view's) are drawn first, and drawing stops once `budgetMs` is spent (after one
   * tile at least): the frame then shows what it has, and `pending` says to call again on the next one. Redrawing a
   * whole view of links took ~100 ms in one frame, which held back the cards the same frame would have shown.
   * Answers the tiles it drew (none while the view moves within the tiles it has).
   */
  show(region: View, scale: number, paint: PaintTile, budgetMs = Infinity): { drawn: View[]; pending: boolean } {
    if (scale !== this.scale || paint !== this.paint) {
      // Every tile is out of date: they go back to the pool and the ones needed are drawn again below.
      for (const canvas of this.tiles.values()) this.retire(canvas);
      this.tiles.clear();
      this.scale = scale;
      this.paint = paint;
    }
    const side = TILE_PX / scale;
    const ratio = window.devicePixelRatio || 1;
    const [x0, y0] = [Math.floor(region.x / side), Math.floor(region.y / side)];
    const [x1, y1] = [Math.ceil((region.x + region.width) / side), Math.ceil((region.y + region.height) / side)];
    const inRegion = (key: string) => {
      const [tx, ty] = key.split(':').map(Number) as [number, number];
      return tx >= x0 && tx < x1 && ty >= y0 && ty < y1;
    };
    // The tiles that left go first, so that those coming in reuse their canvases.
    for (const [key, canvas] of this.tiles) {
      if (inRegion(key)) continue;
      this.tiles.delete(key);
      this.retire(canvas);
    }
    const missing: { tx: number; ty: number; distance: number }[] = [];
    const [cx, cy] = [(region.x + region.width / 2) / side - 0.5, (region.y + region.height / 2) / side - 0.5];
    for (let ty = y0; ty < y1; ty++) {
      for (let tx = x0; tx < x1; tx++) {
        if (!this.tiles.has(`${tx}:${ty}`)) missing.push({ tx, ty, distance: (tx - cx) ** 2 + (ty - cy) ** 2 });
      }
    }
    missing.sort((a, b) => a.distance - b.distance);
    const started = performance.now();
    const drawn: View[] = [];
    for (const { tx, ty } of missing) {
      if (drawn.length > 0 && performance.now() - started >= budgetMs) return { drawn, pending: true };
      const canvas = this.spare.pop() ?? this.create();
      const pixels = Math.round(TILE_PX * ratio);
      if (canvas.width !== pixels) canvas.width = canvas.height = pixels;
      Object.assign(canvas.style, {
        left: `${tx * side}px`,
        top: `${ty * side}px`,
        width: `${side}px`,
        height: `${side}px`,
        display: '',
      });
      const tile = { x: tx * side, y: ty * side, width: side, height: side };
      const ctx = canvas.getContext('2d');
      if (ctx) paint(ctx, tile, scale, ratio);
      drawn.push(tile);
      this.tiles.set(`${tx}:${ty}`, canvas);
    }
    return { drawn, pending: false };
  }

  /** Pooled canvases stay in the page, hidden: taking them out and back costs more than keeping them. */
  private retire(canvas: HTMLCanvasElement): void {
    canvas.style.display = 'none';
    this.spare.push(canvas);
  }

  private create(): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    canvas.style.position = 'absolute';
    canvas.setAttribute('aria-hidden', 'true');
    this.host.appendChild(canvas);
    return canvas;
  }
}
