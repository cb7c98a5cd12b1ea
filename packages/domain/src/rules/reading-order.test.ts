import { describe, expect, it } from 'vitest';
import { nestedSet } from './nested-set';
import { compareReadingOrder, compareTreeOrder, inReadingOrder, type ReadingPlace } from './reading-order';

// A document: categories A (order 0) with B (0) and C (1) below it, and D (1) at the top, numbered by nestedSet
// from their stored places given out of order, as the database may give them.
const places = nestedSet([
  { id: 13, parentId: 10, position: 1 }, // C
  { id: 14, parentId: null, position: 1 }, // D
  { id: 10, parentId: null, position: 0 }, // A
  { id: 12, parentId: 10, position: 0 }, // B
]);
const categories = new Map([...places].map(([id, place]) => [id, { _lft: place.lft }]));

const requirement = (id: number, category_id: number | null, order: number): ReadingPlace => ({
  id,
  category_id,
  order,
});

describe('compareTreeOrder', () => {
  it('puts a category before its sub-categories and siblings in their order', () => {
    const sorted = [...categories].map(([id, c]) => ({ id, ...c })).sort(compareTreeOrder);
    expect(sorted.map((c) => c.id)).toEqual([10, 12, 13, 14]);
  });
});

describe('compareReadingOrder', () => {
  it('reads the root first, then categories in tree order, own before sub-categories, by order then id', () => {
    const list = [
      requirement(1, 14, 0), // D
      requirement(2, 13, 1), // C, second
      requirement(3, 10, 1), // A, after its other one
      requirement(4, null, 1), // root, second
      requirement(5, 13, 0), // C, first
      requirement(6, 12, 0), // B
      requirement(7, 10, 0), // A, first
      requirement(8, null, 0), // root, first
    ];
    expect(inReadingOrder(list, categories).map((r) => r.id)).toEqual([8, 4, 7, 3, 6, 5, 2, 1]);
  });

  it('breaks a tie of order by id, whatever the order given', () => {
    const tied = [requirement(9, 12, 3), requirement(2, 12, 3), requirement(5, 12, 3)];
    expect(inReadingOrder(tied, categories).map((r) => r.id)).toEqual([2, 5, 9]);
    expect(inReadingOrder([...tied].reverse(), categories).map((r) => r.id)).toEqual([2, 5, 9]);
  });

  it('reads a requirement of a category the tree does not know with the root', () => {
    const list = [requirement(1, 10, 0), requirement(2, 99, 1), requirement(3, null, 0)];
    expect(inReadingOrder(list, categories).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('is a comparator: a sort with it leaves the list as given when already in reading order', () => {
    const ordered = [requirement(1, null, 0), requirement(2, 10, 0), requirement(3, 14, 0)];
    const compare = compareReadingOrder(categories);
    expect(compare(ordered[0]!, ordered[1]!)).toBeLessThan(0);
    expect(compare(ordered[2]!, ordered[1]!)).toBeGreaterThan(0);
    expect(compare(ordered[1]!, ordered[1]!)).toBe(0);
    expect(inReadingOrder(ordered, categories)).toEqual(ordered);
    expect(inReadingOrder(ordered, categories)).not.toBe(ordered);
  });
});
