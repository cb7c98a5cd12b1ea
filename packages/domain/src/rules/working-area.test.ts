import { describe, expect, it } from 'vitest';
import { coverageStatus, isLinkUpToDate } from './coverage';
import { createsCycle, nestedSet } from './nested-set';
import { categoryReference, requirementReference } from './reference';

describe('references', () => {
  it('pads the number to 3 digits and joins with _', () => {
    expect(requirementReference('SRS_INT', 7)).toBe('SRS_INT_007');
    expect(requirementReference('SRS', 1234)).toBe('SRS_1234');
    expect(categoryReference('SRS', 'INT')).toBe('SRS_INT');
  });
});

describe('coverageStatus', () => {
  const base = { documentHasChildren: false, documentHasParents: false, childCount: 0, parentCount: 0 };
  it('is notCovered first, then notCovering, else coveredAndCovering', () => {
    expect(coverageStatus({ ...base, documentHasChildren: true })).toBe('notCovered');
    expect(coverageStatus({ ...base, documentHasChildren: true, documentHasParents: true })).toBe('notCovered');
    expect(coverageStatus({ ...base, documentHasChildren: true, documentHasParents: true, childCount: 1 })).toBe(
      'notCovering',
    );
    expect(coverageStatus({ ...base, documentHasParents: true, parentCount: 2 })).toBe('coveredAndCovering');
    expect(coverageStatus(base)).toBe('coveredAndCovering');
  });
});

describe('isLinkUpToDate', () => {
  const t0 = '2026-01-01T00:00:00Z';
  const t1 = '2026-01-02T00:00:00Z';
  const t2 = '2026-01-03T00:00:00Z';
  const t3 = '2026-01-04T00:00:00Z';
  it('starts up to date and turns suspect when the parent changes after the link and the child', () => {
    expect(isLinkUpToDate({ parentChangedAt: t1, childUpdatedAt: t0, linkedAt: t1 })).toBe(true);
    expect(isLinkUpToDate({ parentChangedAt: t2, childUpdatedAt: t0, linkedAt: t1 })).toBe(false);
    expect(isLinkUpToDate({ parentChangedAt: t2, childUpdatedAt: t2, linkedAt: t1 })).toBe(true);
  });

  it('is up to date again once validated at or after the parent’s change, and suspect after a later one', () => {
    const times = { parentChangedAt: t2, childUpdatedAt: t0, linkedAt: t1 };
    expect(isLinkUpToDate({ ...times, validatedAt: null })).toBe(false);
    expect(isLinkUpToDate({ ...times, validatedAt: t1 })).toBe(false);
    expect(isLinkUpToDate({ ...times, validatedAt: t2 })).toBe(true);
    expect(isLinkUpToDate({ ...times, parentChangedAt: t3, validatedAt: t2 })).toBe(false);
  });

  it('compares to the millisecond, as the SQL does', () => {
    const at = new Date('2026-01-02T00:00:00.123Z');
    expect(isLinkUpToDate({ parentChangedAt: at, childUpdatedAt: t0, linkedAt: t0, validatedAt: at })).toBe(true);
    const later = new Date(at.getTime() + 1);
    expect(isLinkUpToDate({ parentChangedAt: later, childUpdatedAt: t0, linkedAt: t0, validatedAt: at })).toBe(false);
  });
});

describe('nestedSet', () => {
  it('numbers nodes in sibling order, parents enclosing children, with 0-based addresses', () => {
    const places = nestedSet([
      { id: 1, parentId: null, position: 2 },
      { id: 2, parentId: null, position: 1 },
      { id: 3, parentId: 1, position: 1 },
      { id: 4, parentId: 1, position: 0 },
    ]);
    expect(places.get(2)).toEqual({ lft: 1, rgt: 2, address: [0], depth: 0 });
    expect(places.get(1)).toEqual({ lft: 3, rgt: 8, address: [1], depth: 0 });
    expect(places.get(4)).toEqual({ lft: 4, rgt: 5, address: [1, 0], depth: 1 });
    expect(places.get(3)).toEqual({ lft: 6, rgt: 7, address: [1, 1], depth: 1 });
  });
});

describe('createsCycle', () => {
  it('finds self-links and cycles', () => {
    expect(createsCycle([], 1, 1)).toBe(true);
    expect(
      createsCycle(
        [
          [1, 2],
          [2, 3],
        ],
        3,
        1,
      ),
    ).toBe(true);
    expect(
      createsCycle(
        [
          [1, 2],
          [2, 3],
        ],
        1,
        3,
      ),
    ).toBe(false);
  });
});
