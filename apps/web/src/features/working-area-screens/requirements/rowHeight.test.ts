import { describe, expect, it } from 'vitest';
import { rowHeight } from './VirtualRows';

const instance = (cached: Map<number, number>) => ({
  indexFromElement: (element: Element) => Number(element.getAttribute('data-index')),
  itemSizeCache: cached as Map<number | string | bigint, number>,
});
const row = (index: number) => ({ getAttribute: () => String(index) }) as unknown as Element;
const keyOf = (index: number) => 100 + index;

describe('rowHeight', () => {
  it("takes the observer's border box, rounded", () => {
    const entry = { borderBoxSize: [{ blockSize: 55.39, inlineSize: 900 }] } as unknown as ResizeObserverEntry;
    expect(rowHeight(row(0), entry, instance(new Map()), keyOf)).toBe(55);
  });

  it('without an observation, the last known height, else the estimate: never a layout', () => {
    const touched = {
      getAttribute: () => '1',
      get offsetHeight(): number {
        throw new Error('a forced layout');
      },
    } as unknown as Element;
    expect(rowHeight(touched, undefined, instance(new Map([[101, 80]])), keyOf)).toBe(80);
    expect(rowHeight(touched, undefined, instance(new Map()), keyOf)).toBe(55);
  });
});
