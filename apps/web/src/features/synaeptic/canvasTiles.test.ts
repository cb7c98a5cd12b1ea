// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
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
    expect(tiles.show(region, 1, paint)).toHaveLength(2);
    expect(shown(host).sort()).toEqual(['0px,0px', `${TILE_PX}px,0px`]);
    // The same tiles: nothing drawn.
    expect(tiles.show(region, 1, paint)).toEqual([]);
    // A tile to the right comes in, the left one goes (its canvas is kept for the next tile).
    const panned = tiles.show({ ...region, x: TILE_PX }, 1, paint);
    expect(panned).toEqual([{ x: 2 * TILE_PX, y: 0, width: TILE_PX, height: TILE_PX }]);
    expect(shown(host).sort()).toEqual([`${2 * TILE_PX}px,0px`, `${TILE_PX}px,0px`]);
    expect(host.querySelectorAll('canvas')).toHaveLength(2);
    // Zoomed out to half: a tile covers twice the map, so the region takes one, drawn anew.
    expect(tiles.show({ x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX }, 0.5, paint)).toEqual([
      { x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX },
    ]);
    expect(shown(host)).toEqual(['0px,0px']);
    // Another drawing (new data, selection or option): drawn again though nothing moved.
    expect(tiles.show({ x: 0, y: 0, width: 2 * TILE_PX, height: 2 * TILE_PX }, 0.5, () => undefined)).toHaveLength(1);
  });
});
