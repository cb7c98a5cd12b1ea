// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CanvasTiles, TILE_PX, type PaintTile } from './canvasTiles';

const paint: PaintTile = () => undefined;
const shown = (host: HTMLElement) =>
  [...host.querySelectorAll('canvas')]
    .filter((c) => c.style.display !== 'none')
    .map((c) => `${c.style.left},${c.style.top}`);

describe('CanvasTiles', () => {
  it('draws the tiles of a region once, only new ones on a pan, all again on a new scale or drawing', () => {
    const host = document.createElement('div');
    const tiles = new CanvasTiles(host);
    // At scale 1 a tile is TILE_PX map pixels: a region of two by one tiles.
    const region = { x: 0, y: 0, width: 2 * TILE_PX, height: TILE_PX };
    expect(tiles.show(region, 1, paint).drawn).toHaveLength(2);
    expect(shown(host).sort()).toEqual(['0px,0px', `${TILE_PX}px,0px`]);
    // The same tiles: nothing drawn.
    expect(tiles.show(region, 1, paint)).toEqual({ drawn: [], pending: false });
    // A tile to the right comes in, the left one goes (its canvas is kept for the next tile).
    const panned = tiles.show({ ...region, x: TILE_PX }, 1, paint).drawn;
    expect(panned).toEqual([{ x: 2 * TILE_PX, y: 0, width: TILE_PX, height: TILE_PX }]);
    expect(shown(host).sort()).toEqual([`${2 * TILE_PX}px,0px`, `${TILE_PX}px,0px`]);
    expect(host.querySelectorAll('canvas')).toHaveLength(2);
    // Zoomed out to half: a tile covers twice the map, so the region takes one, drawn anew.
    expect(tiles.show({ x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX }, 0.5, paint).drawn).toEqual([
      { x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX },
    ]);
    expect(shown(host)).toEqual(['0px,0px']);
    // Another drawing (new data, selection or option): drawn again though nothing moved.
    expect(
      tiles.show({ x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX }, 0.5, () => undefined).drawn,
    ).toHaveLength(1);
  });

  afterEach(() => void vi.restoreAllMocks());

  it('draws within a budget, the tiles nearest the centre first, and says when some are left for the next frame', () => {
    // A clock that moves 6 ms between two looks: as if each tile took that long to draw.
    let clock = -6;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 6));
    const slow: PaintTile = () => undefined;
    const host = document.createElement('div');
    const tiles = new CanvasTiles(host);
    // Three by three tiles: the middle one first, then its four neighbours, the corners last.
    const region = { x: 0, y: 0, width: 3 * TILE_PX, height: 3 * TILE_PX };
    const first = tiles.show(region, 1, slow, 10);
    expect(first.pending).toBe(true);
    expect(first.drawn.map((t) => [t.x / TILE_PX, t.y / TILE_PX])[0]).toEqual([1, 1]);
    expect(first.drawn).toHaveLength(2);
    const second = tiles.show(region, 1, slow, 10);
    expect(second.drawn).toHaveLength(2);
    expect(second.drawn.concat(first.drawn).every((t) => t.x === TILE_PX || t.y === TILE_PX)).toBe(true);
    // Over a few frames every tile is drawn once, then nothing is pending.
    let last = second;
    while (last.pending) last = tiles.show(region, 1, slow, 10);
    expect(shown(host)).toHaveLength(9);
    expect(tiles.show(region, 1, slow, 10)).toEqual({ drawn: [], pending: false });
    // A budget never leaves a frame with nothing drawn.
    expect(tiles.show(region, 2, slow, 0).drawn).toHaveLength(1);
  });
});
