import { describe, expect, it } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { categoryFixture, documentFixture, requirementFixture } from '../../working-area/api/workingAreaFixtures';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import { cardBorder, linkColour } from './colours';
import { descriptionPreview } from './description';
import { countLinks, linkState } from './drawLinks';
import { decodeMap } from './mapData';
import { anchorY, layoutMap, type LayoutOptions } from './mapLayout';
import { mapMetrics } from './mapMetrics';
import { inactiveSets, traceOf, type TraceData } from './trace';
import { cardsIn, clampZoom, renderRegion, scaleOf } from './viewport';

// A project of four documents: SYS (root) → SW and HW → TEST (child of SW). SYS has a category with a
// sub-category; the links go s1 → w1 → t1 (w1's link to t1 stale), s2 → h1; s3 covers nothing.
const link = (id: number, upToDate = true) => ({ id, upToDate });
const r = (id: number, documentId: number, over: Partial<RequirementPresented> = {}) =>
  requirementFixture(id, { document_id: documentId, reference: `R_${id}`, ...over });

const documents: StructureDocument[] = [
  documentFixture(1, {
    name: 'SYS',
    children: [2, 3],
    categories: [
      categoryFixture(10, { document_id: 1, _lft: 1, _rgt: 4 }),
      categoryFixture(11, { document_id: 1, parent_id: 10, _lft: 2, _rgt: 3, depth: 1 }),
    ],
  }),
  documentFixture(2, { name: 'SW', parents: [1], children: [4] }),
  documentFixture(3, { name: 'HW', parents: [1] }),
  documentFixture(4, { name: 'TEST', parents: [2] }),
];
const lists = new Map<number, RequirementPresented[]>([
  [
    1,
    [
      r(101, 1, { order: 1, children: [link(201)] }),
      r(102, 1, { order: 2, category_id: 10, children: [link(301)] }),
      r(103, 1, { order: 1, category_id: 11, coverageStatus: 'notCovered' }),
    ],
  ],
  [2, [r(201, 2, { parents: [link(101)], children: [link(401, false)] })]],
  [3, [r(301, 3, { parents: [link(102)] })]],
  [4, [r(401, 4, { parents: [link(201, false)] })]],
]);
const data: TraceData = {
  documents,
  requirements: new Map([...lists.values()].flat().map((x) => [x.id, x])),
};
const options: LayoutOptions = {
  fontSize: 12,
  overlapping: false,
  overlappingOffset: 20,
  hidden: null,
  unstacked: new Set(),
  descriptions: new Map(),
};
const input = { documents, requirements: lists };

describe('layoutMap', () => {
  it('puts documents in columns by their depth in the document graph, roots on the left', () => {
    const layout = layoutMap(input, options);
    const column = (id: number) => layout.documents.find((d) => d.document.id === id)!.column;
    expect([1, 2, 3, 4].map(column)).toEqual([0, 1, 1, 2]);
    const x = (id: number) => layout.documents.find((d) => d.document.id === id)!.x;
    expect(x(1)).toBeLessThan(x(2));
    expect(x(2)).toBe(x(3));
    expect(x(2)).toBeLessThan(x(4));
    // Two documents of a column stand one under the other.
    const [sw, hw] = [2, 3].map((id) => layout.documents.find((d) => d.document.id === id)!);
    expect(hw!.y).toBeGreaterThanOrEqual(sw!.y + sw!.height);
  });

  it('nests categories inside their document and cards in reading order, root requirements first', () => {
    const layout = layoutMap(input, options);
    const doc = layout.documents.find((d) => d.document.id === 1)!;
    const [outer, inner] = [10, 11].map((id) => layout.categories.find((c) => c.category.id === id)!);
    const card = (id: number) => layout.cards.get(id)!;
    const inside = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
    expect(inside(outer!, doc)).toBe(true);
    expect(inside(inner!, outer!)).toBe(true);
    expect(inside(card(102), outer!)).toBe(true);
    expect(inside(card(102), inner!)).toBe(false);
    expect(inside(card(103), inner!)).toBe(true);
    // Reading order: the root requirement, the category's own, then its sub-category's.
    expect(card(101).y).toBeLessThan(card(102).y);
    expect(card(102).y).toBeLessThan(card(103).y);
    expect(layout.columns[0]!.map((c) => c.requirement.id)).toEqual([101, 102, 103]);
  });

  it('draws each link from the parent card to the child card with its up-to-date mark', () => {
    const layout = layoutMap(input, options);
    expect(layout.links.map((l) => [l.parent, l.child, l.upToDate])).toEqual([
      [101, 201, true],
      [102, 301, true],
      [201, 401, false],
    ]);
    const stale = layout.links[2]!;
    const [from, to] = [layout.cards.get(201)!, layout.cards.get(401)!];
    expect([stale.x1, stale.y1, stale.x2, stale.y2]).toEqual([from.x + from.width, anchorY(from), to.x, anchorY(to)]);
    expect(layout.documentLinks.map((l) => [l.parent, l.child])).toEqual([
      [1, 2],
      [1, 3],
      [2, 4],
    ]);
  });

  it('stacks the cards of a run with the overlap offset, the last and the unstacked ones whole', () => {
    const many = new Map(lists);
    many.set(
      2,
      [201, 202, 203, 204].map((id, i) => r(id, 2, { order: i })),
    );
    const layout = layoutMap(
      { documents, requirements: many },
      {
        ...options,
        overlapping: true,
        unstacked: new Set([202]),
      },
    );
    const [a, b, c, d] = [201, 202, 203, 204].map((id) => layout.cards.get(id)!);
    const m = mapMetrics(12);
    expect(b!.y - a!.y).toBe(20);
    expect(a!.strip).toBe(20);
    expect(c!.y - b!.y).toBe(m.cardHeight + m.cardGap);
    expect(d!.y - c!.y).toBe(20);
    expect(d!.strip).toBe(d!.height);
  });

  it('makes room for an open description and leaves hidden cards out', () => {
    const open = layoutMap(input, { ...options, descriptions: new Map([[101, 'x'.repeat(300)]]) });
    const closed = layoutMap(input, options);
    expect(open.cards.get(101)!.height).toBeGreaterThan(closed.cards.get(101)!.height);
    expect(open.cards.get(102)!.y).toBeGreaterThan(closed.cards.get(102)!.y);

    const trace = traceOf({ view: 'requirement', id: 301 }, data);
    const hidden = layoutMap(input, { ...options, hidden: inactiveSets(trace, data) });
    expect([...hidden.cards.keys()].sort()).toEqual([102, 301]);
    expect(hidden.documents.map((d) => d.document.id).sort()).toEqual([1, 3]);
    expect(hidden.categories.map((c) => c.category.id)).toEqual([10]);
  });

  it('shows a document whose requirements are still loading, without cards', () => {
    const layout = layoutMap({ documents, requirements: new Map([[1, lists.get(1)]]) }, options);
    expect(layout.documents.find((d) => d.document.id === 2)!.loaded).toBe(false);
    expect(layout.cards.has(201)).toBe(false);
    expect(layout.links.map((l) => l.parent)).toEqual([]);
  });
});

describe('traceOf and inactiveSets', () => {
  it('follows links up and down from a requirement, transitively, not sideways', () => {
    const trace = traceOf({ view: 'requirement', id: 201 }, data)!;
    expect([...trace.requirements].sort()).toEqual([101, 201, 401]);
    expect([...trace.documents].sort()).toEqual([1, 2, 4]);
    expect([...trace.categories]).toEqual([]);
    const inactive = inactiveSets(trace, data);
    expect([...inactive.requirements].sort()).toEqual([102, 103, 301]);
    expect([...inactive.documents]).toEqual([3]);
    expect([...inactive.categories].sort()).toEqual([10, 11]);
  });

  it('takes a category sub-tree, with the categories above it', () => {
    const trace = traceOf({ view: 'category', id: 11 }, data)!;
    expect([...trace.requirements]).toEqual([103]);
    expect([...trace.categories].sort()).toEqual([10, 11]);
    const outer = traceOf({ view: 'category', id: 10 }, data)!;
    expect([...outer.requirements].sort()).toEqual([102, 103, 301]);
  });

  it('takes a document with the documents above and below it', () => {
    const trace = traceOf({ view: 'document', id: 2 }, data)!;
    expect([...trace.documents].sort()).toEqual([1, 2, 4]);
    expect([...trace.requirements].sort()).toEqual([101, 201, 401]);
  });

  it('has nothing inactive for the project', () => {
    expect(traceOf({ view: 'project' }, data)).toBeNull();
    expect(inactiveSets(null, data).requirements.size).toBe(0);
  });
});

describe('colours, links and description', () => {
  it('colours links blue, red or black and borders red, black or blue', () => {
    expect([true, false, undefined].map(linkColour)).toEqual(['blue', 'red', 'black']);
    expect((['notCovered', 'notCovering', 'coveredAndCovering'] as const).map(cardBorder)).toEqual([
      'red',
      'black',
      'blue',
    ]);
  });

  it('draws every link, dims those outside the trace, or only the trace without showAllLinks', () => {
    const layout = layoutMap(input, options);
    const trace = traceOf({ view: 'requirement', id: 401 }, data);
    const states = (t: typeof trace, all: boolean) => layout.links.map((l) => linkState(l, t, all, 'requirement'));
    expect(states(null, true)).toEqual(['active', 'active', 'active']);
    expect(states(null, false)).toEqual([null, null, null]);
    expect(states(trace, true)).toEqual(['active', 'dimmed', 'active']);
    expect(states(trace, false)).toEqual(['active', null, 'active']);
  });

  it('strips markup and cuts descriptions at 500 characters with an ellipsis', () => {
    expect(descriptionPreview('<p>The <strong>pump</strong> &amp; valve</p>')).toBe('The pump & valve');
    const long = descriptionPreview(`<p>${'a'.repeat(600)}</p>`);
    expect(long).toHaveLength(501);
    expect(long.endsWith('…')).toBe(true);
    expect(descriptionPreview(`<p>${'a'.repeat(500)}</p>`)).toHaveLength(500);
  });
});

describe('countLinks', () => {
  it('counts the links standing out in a region once each, whatever tiles draw them', () => {
    const layout = layoutMap(input, options);
    const everywhere = { x: -1e6, y: -1e6, width: 2e6, height: 2e6 };
    const count = (view: typeof everywhere, trace: ReturnType<typeof traceOf>, showAllLinks = true) =>
      countLinks(layout.links, layout.documentLinks, { view, trace, showAllLinks });
    // s1 → w1 and s2 → h1 up to date, w1 → t1 stale; three document links, black.
    expect(count(everywhere, null)).toEqual({ blue: 2, red: 1, black: 3 });
    expect(count({ x: -1e6, y: -1e6, width: 10, height: 10 }, null)).toEqual({ blue: 0, red: 0, black: 0 });
    expect(count(everywhere, null, false)).toEqual({ blue: 0, red: 0, black: 0 });
    // w1's trace: its parent link and its stale child link stand out, and the documents SYS → SW → TEST.
    const trace = traceOf({ view: 'requirement', id: 201 }, data);
    expect(count(everywhere, trace)).toEqual({ blue: 1, red: 1, black: 2 });
  });
});

describe('decodeMap', () => {
  it('turns the compact rows into requirements with their parents and children, as the lists present them', () => {
    const decoded = decodeMap({
      documents: documents.slice(0, 2),
      requirements: [
        [101, 1, null, 'SYS_001', 'Start', 0, 0, 1, 0],
        [102, 1, 10, 'SYS_K_001', 'Stop', 3, 0, 1, 2],
        [201, 2, null, 'SW_001', 'Check', 1, 1, 1, 1],
      ],
      // The last link's parent is not in the answer (a test hidden from this user): it is left out.
      links: [
        [101, 201, 1],
        [102, 201, 0],
        [999, 101, 1],
      ],
    });
    expect(decoded.requirements.get(101)).toEqual({
      id: 101,
      document_id: 1,
      category_id: null,
      reference: 'SYS_001',
      name: 'Start',
      status: 0,
      type: 'requirement',
      test: false,
      order: 1,
      coverageStatus: 'coveredAndCovering',
      parents: [],
      children: [{ id: 201, upToDate: true }],
    });
    expect(decoded.requirements.get(102)).toMatchObject({ category_id: 10, status: 3, coverageStatus: 'notCovered' });
    expect(decoded.requirements.get(201)).toMatchObject({
      type: 'test',
      test: true,
      coverageStatus: 'notCovering',
      parents: [
        { id: 101, upToDate: true },
        { id: 102, upToDate: false },
      ],
    });
    expect([...decoded.byDocument].map(([id, list]) => [id, list.map((x) => x.id)])).toEqual([
      [1, [101, 102]],
      [2, [201]],
    ]);
    // A document without requirements has an empty list: it is loaded, not on its way.
    expect(decodeMap({ documents, requirements: [], links: [] }).byDocument.get(4)).toEqual([]);
  });
});

describe('viewport', () => {
  it('keeps the zoom within 10–100 in steps of 5, 50 at the cards’ own size', () => {
    expect([5, 12, 50, 103, 67].map(clampZoom)).toEqual([10, 10, 50, 100, 65]);
    expect(scaleOf(50)).toBe(1);
  });

  it('finds the cards of a region by column, and snaps regions to tiles', () => {
    const many = new Map(lists);
    many.set(
      2,
      Array.from({ length: 200 }, (_, i) => r(1000 + i, 2, { order: i })),
    );
    const layout = layoutMap({ documents, requirements: many }, options);
    const column1 = layout.columnBounds[1]!;
    const region = { x: column1.left, y: 2000, width: 10, height: 300 };
    const found = cardsIn(layout, region).map((c) => c.requirement.id);
    const expected = [...layout.cards.values()]
      .filter((c) => c.column === 1 && c.y < 2300 && c.y + c.height > 2000)
      .map((c) => c.requirement.id);
    expect(found).toEqual(expected);
    expect(found.length).toBeGreaterThan(3);
    const a = renderRegion({ x: 10, y: 10, width: 1000, height: 800 });
    expect(renderRegion({ x: 30, y: 20, width: 1000, height: 800 })).toEqual(a);
    expect(a.x).toBeLessThanOrEqual(10 - 500);
  });
});
