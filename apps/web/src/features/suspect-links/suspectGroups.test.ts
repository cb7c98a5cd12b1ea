import { describe, expect, it } from 'vitest';
import type { SuspectLinkPresented } from '@reqloom/domain';
import { groupByParent, linkKey, sameChange } from './suspectGroups';

const link = (parent: number, child: number, before = 'A'): SuspectLinkPresented => ({
  parent: { id: parent, reference: `P_${parent}`, name: `Parent ${parent}`, document_id: 1 },
  child: { id: child, reference: `C_${child}`, name: `Child ${child}`, document_id: 2 },
  suspect_since: '2026-11-28T10:00:00.000Z',
  changed_by: null,
  changes: { name: { before, after: 'B' } },
});

describe('groupByParent', () => {
  it('keeps the server’s order of parents and of each parent’s links', () => {
    const groups = groupByParent([link(5, 1), link(3, 2), link(5, 4), link(3, 1)]);
    expect(groups.map((g) => [g.parent.id, g.links.map((l) => l.child.id)])).toEqual([
      [5, [1, 4]],
      [3, [2, 1]],
    ]);
  });

  it('names links by both ends and tells whether two show one change', () => {
    expect(linkKey(link(5, 1))).toBe('5:1');
    expect(sameChange(link(5, 1), link(5, 2))).toBe(true);
    expect(sameChange(link(5, 1), link(5, 2, 'Older'))).toBe(false);
  });
});
