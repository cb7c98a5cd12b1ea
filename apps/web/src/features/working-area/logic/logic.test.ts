import { describe, expect, it } from 'vitest';
import type { CategoryPresented, RequirementPresented } from '@reqloom/domain';
import { ApiError } from '../../../api/ApiError';
import { requirementFixture } from '../api/workingAreaFixtures';
import { buildCategoryTree, categoryNumber, categoryOptions, descendantsOf, subTree } from './categoryTree';
import { defaultCategoryId } from './defaultCategory';
import { fitDocumentGraph, layoutDocumentGraph } from './documentGraph';
import { mergeIndexedErrors, rowErrors, withMergedErrors } from './fieldErrors';
import { autoNameFrom, autoNameInitiallyOn, firstParagraphText, htmlToText, isEmptyHtml } from './htmlText';
import { applyCase, cycleCase } from './nameCase';
import {
  buildSearchIndex,
  filterRequirements,
  neighbours,
  sortRequirements,
  statusCounts,
  upsertRequirement,
} from './requirementOrder';
import { isStepClickable, statusAfterStepClick, stepBlock } from './statusSteps';

function category(id: number, parent: number | null, lft: number, rgt: number, address: number[], name = `C${id}`) {
  return {
    id,
    document_id: 1,
    parent_id: parent,
    name,
    acronym: `C${id}`,
    description: '',
    reference: `D_C${id}`,
    order: address[address.length - 1] ?? 0,
    _lft: lft,
    _rgt: rgt,
    address,
    depth: address.length - 1,
    version: 1,
    created_at: '',
    updated_at: '',
  } satisfies CategoryPresented;
}

// Interface (1) with Display (1.1) and Sound (1.2); Safety (2).
const categories = [
  category(2, 1, 2, 3, [0, 0], 'Display'),
  category(1, null, 1, 6, [0], 'Interface'),
  category(3, 1, 4, 5, [0, 1], 'Sound'),
  category(4, null, 7, 8, [1], 'Safety'),
];
const byId = new Map(categories.map((c) => [c.id, c]));

function requirement(id: number, over: Partial<RequirementPresented> = {}): RequirementPresented {
  return requirementFixture(id, {
    project_id: 1,
    author_id: 1,
    author: { id: 1, name: 'Ada Lovelace' },
    name: `Requirement ${id}`,
    order: 0,
    ...over,
  });
}

describe('rich-text helpers', () => {
  it('read the text of HTML', () => {
    expect(htmlToText('<p>Hello <strong>world</strong> &amp; you</p><p>Next&nbsp;line</p>')).toBe(
      'Hello world & you Next line',
    );
    expect(htmlToText('<ul><li>a</li><li>b</li></ul>')).toBe('a b');
    expect(isEmptyHtml('<p></p>')).toBe(true);
  });

  it('take the first paragraph that has text', () => {
    expect(firstParagraphText('<p></p><p>The pump <em>shall</em> stop.</p><p>Other</p>')).toBe('The pump shall stop.');
    expect(firstParagraphText('')).toBe('');
  });

  it('auto-name cuts to 100 characters plus an ellipsis', () => {
    const long = 'x'.repeat(120);
    expect(autoNameFrom(`<p>${long}</p>`)).toBe(`${'x'.repeat(100)}…`);
    expect(autoNameFrom('<p>Short one</p><p>ignored</p>')).toBe('Short one');
  });

  it('auto-name starts on when the name is empty or equals the excerpt', () => {
    expect(autoNameInitiallyOn('', '<p>Anything</p>')).toBe(true);
    expect(autoNameInitiallyOn('Anything', '<p>Anything</p>')).toBe(true);
    expect(autoNameInitiallyOn('Own name', '<p>Anything</p>')).toBe(false);
  });
});

describe('name case cycle (Shift+F3)', () => {
  it('applies each case', () => {
    expect(applyCase('the PUMP shall stop', 'upper')).toBe('THE PUMP SHALL STOP');
    expect(applyCase('the PUMP shall stop', 'lower')).toBe('the pump shall stop');
    expect(applyCase('the PUMP shall stop', 'sentence')).toBe('The pump shall stop');
    expect(applyCase('the PUMP shall stop', 'title')).toBe('The Pump Shall Stop');
    expect(applyCase('élément de sécurité', 'title')).toBe('Élément De Sécurité');
  });

  it('cycles upper, lower, sentence, title and again', () => {
    let state = cycleCase('the pump stops', null);
    expect(state).toEqual({ text: 'THE PUMP STOPS', mode: 'upper' });
    state = cycleCase(state.text, state.mode);
    expect(state).toEqual({ text: 'the pump stops', mode: 'lower' });
    state = cycleCase(state.text, state.mode);
    expect(state).toEqual({ text: 'The pump stops', mode: 'sentence' });
    state = cycleCase(state.text, state.mode);
    expect(state).toEqual({ text: 'The Pump Stops', mode: 'title' });
    state = cycleCase(state.text, state.mode);
    expect(state.mode).toBe('upper');
  });

  it('skips a mode that would change nothing', () => {
    expect(cycleCase('Pump', 'lower')).toEqual({ text: 'PUMP', mode: 'upper' });
  });
});

describe('category tree', () => {
  it('numbers from the address', () => {
    expect(categoryNumber([0])).toBe('1');
    expect(categoryNumber([1, 0, 2])).toBe('2.1.3');
  });

  it('nests in left-bound order with sibling positions', () => {
    const tree = buildCategoryTree(categories);
    expect(tree.map((n) => n.category.name)).toEqual(['Interface', 'Safety']);
    expect(tree[0]!.children.map((n) => [n.category.name, n.index, n.siblings])).toEqual([
      ['Display', 0, 2],
      ['Sound', 1, 2],
    ]);
  });

  it('finds a sub-tree', () => {
    expect(descendantsOf(categories, byId.get(1)!).map((c) => c.id)).toEqual([2, 3]);
    expect(subTree(categories, byId.get(1)!).map((n) => n.category.id)).toEqual([2, 3]);
  });

  it('offers categories in tree order, without a category and its sub-tree', () => {
    expect(categoryOptions(categories, true).map((o) => o.label)).toEqual([
      '1 Interface',
      '1.1 Display',
      '1.2 Sound',
      '2 Safety',
    ]);
    expect(categoryOptions(categories, false, byId.get(1)).map((o) => [o.label, o.depth])).toEqual([['Safety', 0]]);
  });
});

describe('the category a new requirement starts in (issue 31)', () => {
  const categories = [category(3, null, 5, 6, [2], 'Électrovanne'), category(1, null, 1, 4, [0], 'Display')];
  it('is the one named like the given one, case and accents aside, else the first in reading order', () => {
    expect(defaultCategoryId(categories, { name: 'electroVANNE ' })).toBe(3);
    expect(defaultCategoryId(categories, { name: 'Elsewhere' })).toBe(1);
    expect(defaultCategoryId(categories)).toBe(1);
    expect(defaultCategoryId([], { name: 'Display' })).toBeNull();
  });
});

describe('requirements table', () => {
  const list = [
    requirement(1, { category_id: 4, order: 0, name: 'beta', status: 2, updated_at: '2026-01-03T00:00:00Z' }),
    requirement(2, { category_id: 2, order: 1, name: 'Alpha', status: 1 }),
    requirement(3, { category_id: null, order: 0, name: 'gamma', description: '<p>Émission sonore</p>' }),
    requirement(4, { category_id: 2, order: 0, name: 'delta', author: { id: 2, name: 'Grace Hopper' } }),
  ];

  it('keeps reading order when not sorted', () => {
    expect(sortRequirements(list, 'none', 'asc', byId).map((r) => r.id)).toEqual([3, 4, 2, 1]);
    expect(sortRequirements(list, 'none', 'desc', byId).map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('sorts by each key, both ways', () => {
    expect(sortRequirements(list, 'name', 'asc', byId).map((r) => r.name)).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(sortRequirements(list, 'referenceNumber', 'desc', byId).map((r) => r.id)).toEqual([4, 3, 2, 1]);
    expect(sortRequirements(list, 'status', 'desc', byId).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(sortRequirements(list, 'categoryName', 'asc', byId).map((r) => r.id)).toEqual([3, 4, 2, 1]);
    expect(sortRequirements(list, 'updatedAt', 'desc', byId)[0]!.id).toBe(1);
  });

  it('filters on name, description, author and category, ignoring case and accents', () => {
    const index = buildSearchIndex(list, byId);
    const ids = (query: string) => filterRequirements(list, query, index).map((r) => r.id);
    expect(ids('ALPHA')).toEqual([2]);
    expect(ids('emission')).toEqual([3]);
    expect(ids('hopper')).toEqual([4]);
    expect(ids('safety')).toEqual([1]);
    expect(ids('  ')).toEqual([1, 2, 3, 4]);
  });

  it('filters on tag titles too, ignoring case', () => {
    const tagged = [
      ...list,
      requirement(5, { tags: [{ id: 1, classifier_id: 1, title: 'Urgent', color: 'rgba(239, 68, 68, 0.3)' }] }),
    ];
    const index = buildSearchIndex(tagged, byId);
    expect(filterRequirements(tagged, 'URGENT', index).map((r) => r.id)).toEqual([5]);
    expect(filterRequirements(tagged, 'urg', index).map((r) => r.id)).toEqual([5]);
  });

  it('filters a thousand rows quickly', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      requirement(i + 1, { name: `Requirement number ${i}`, description: `<p>Text ${i}</p>` }),
    );
    const index = buildSearchIndex(many, byId);
    const start = performance.now();
    for (let i = 0; i < 20; i++) filterRequirements(many, `number ${i}`, index);
    expect((performance.now() - start) / 20).toBeLessThan(10);
  });

  it('finds previous and next', () => {
    expect(neighbours([{ id: 1 }, { id: 2 }, { id: 3 }], 2)).toEqual({ previous: { id: 1 }, next: { id: 3 } });
    expect(neighbours([{ id: 1 }], 1)).toEqual({ previous: undefined, next: undefined });
  });

  it('upserts in reading order and drops a requirement moved away', () => {
    const reading = sortRequirements(list, 'none', 'asc', byId);
    const created = requirement(9, { category_id: 2, order: 2 });
    expect(upsertRequirement(reading, 1, created, byId).map((r) => r.id)).toEqual([3, 4, 2, 9, 1]);
    expect(upsertRequirement(reading, 1, { ...list[0]!, document_id: 2 }, byId).map((r) => r.id)).toEqual([3, 4, 2]);
  });

  it('counts statuses', () => {
    expect(statusCounts(list)).toEqual([2, 1, 1, 0]);
  });
});

describe('status stepper', () => {
  it('advances from the current step and goes back from the one before', () => {
    expect(statusAfterStepClick(0, 0)).toBe(1);
    expect(statusAfterStepClick(1, 1)).toBe(2);
    expect(statusAfterStepClick(1, 0)).toBe(0);
    expect(statusAfterStepClick(3, 2)).toBe(2);
    expect(statusAfterStepClick(2, 2)).toBe(3);
  });

  it('ignores other steps', () => {
    expect(statusAfterStepClick(0, 2)).toBeNull();
    expect(statusAfterStepClick(3, 0)).toBeNull();
    expect(isStepClickable(1, 2)).toBe(false);
  });

  it('says why a step cannot be clicked: the next status comes first, or the last one is undone first', () => {
    expect([0, 1, 2].map((step) => stepBlock(0, step))).toEqual([null, { ahead: 1 }, { ahead: 1 }]);
    expect([0, 1, 2].map((step) => stepBlock(1, step))).toEqual([null, null, { ahead: 2 }]);
    expect([0, 1, 2].map((step) => stepBlock(3, step))).toEqual([{ behind: 3 }, { behind: 3 }, null]);
  });
});

describe('document graph', () => {
  it('puts children right of their parents and follows the parents’ rows', () => {
    const layout = layoutDocumentGraph([
      { id: 1, parents: [] },
      { id: 2, parents: [] },
      { id: 3, parents: [2] },
      { id: 4, parents: [1, 3] },
    ]);
    expect(layout.places.get(1)).toEqual({ column: 0, row: 0 });
    expect(layout.places.get(3)).toEqual({ column: 1, row: 0 });
    expect(layout.places.get(4)).toEqual({ column: 2, row: 0 });
    expect(layout.columns).toBe(3);
    expect(layout.edges).toEqual([
      { parent: 2, child: 3 },
      { parent: 1, child: 4 },
      { parent: 3, child: 4 },
    ]);
  });

  it('fits its columns to the width there is, gaps first, then cards, and scrolls beyond their least sizes', () => {
    // Room enough: the full sizes.
    expect(fitDocumentGraph(3, 1000)).toEqual({ cardWidth: 224, columnGap: 72 });
    expect(fitDocumentGraph(1, 100)).toEqual({ cardWidth: 224, columnGap: 72 });
    // The overview leaves about 630 px at 1,440 and 550 at 1,280: three columns fit whole in both.
    for (const available of [630, 550]) {
      const three = fitDocumentGraph(3, available);
      expect(3 * three.cardWidth + 2 * three.columnGap).toBeLessThanOrEqual(available);
      expect(three.columnGap).toBe(32);
      expect(three.cardWidth).toBeGreaterThanOrEqual(150);
    }
    // A little short of room: only the gaps give way.
    const gapsOnly = fitDocumentGraph(3, 3 * 224 + 2 * 50);
    expect(gapsOnly).toEqual({ cardWidth: 224, columnGap: 50 });
    // Six columns cannot fit in 630 px: the least sizes, and the graph scrolls.
    expect(fitDocumentGraph(6, 630)).toEqual({ cardWidth: 150, columnGap: 32 });
  });

  it('survives a cycle and an unknown parent', () => {
    const layout = layoutDocumentGraph([
      { id: 1, parents: [2, 99] },
      { id: 2, parents: [1] },
    ]);
    expect(layout.places.size).toBe(2);
  });
});

describe('field errors', () => {
  it('merges indexed errors under the list field', () => {
    expect(mergeIndexedErrors({ 'parents_id.0': ['bad'], 'parents_id.2': ['bad'], name: ['x'] }, 'parents_id')).toEqual(
      {
        name: ['x'],
        parents_id: ['bad'],
      },
    );
    const error = withMergedErrors(new ApiError(422, 'Invalid', { 'children_id.1': ['no'] }), ['children_id']);
    expect((error as ApiError).errors).toEqual({ children_id: ['no'] });
  });

  it('sorts child-row errors by row and field', () => {
    expect(
      rowErrors({ 'children.1.name': ['required'], 'children.0.document_id': ['bad'], x: ['other'] }, 'children'),
    ).toEqual({
      rows: { 1: { name: 'required' }, 0: { document_id: 'bad' } },
      rest: ['other'],
    });
  });
});
