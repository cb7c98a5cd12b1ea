import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inReadingOrder, type CategoryPresented, type RequirementPresented } from '@reqloom/domain';
import { requirements } from '../db/schema';
import { documentRequirementRows } from '../read/requirements.presenter';
import { readingOrder } from './interchange/word/export-data';
import { useWorkingArea } from '../test/working-area';

// Every place the server gives a document's requirements in reading order gives the domain rule's order
// (`compareReadingOrder`, decisions §6), on a document with nested categories, requirements at its root, orders out
// of step with ids and ties of order.

const suite = useWorkingArea();

async function setUp() {
  const { t, w } = suite;
  const project = await w.project();
  const doc = await w.document(project.id, 'SRS');
  const a = await w.category(doc.id, 'A');
  const d = await w.category(doc.id, 'D');
  const b = await w.category(doc.id, 'B', a.id);
  const c = await w.category(doc.id, 'C', a.id);
  await w.ok('POST', `/api/categories/moveorderup/${d.id}`); // D, then A with B and C below it
  const ids: Record<string, number> = {};
  for (const [name, category] of [
    ['r1', c],
    ['r2', null],
    ['r3', a],
    ['r4', d],
    ['r5', b],
    ['r6', null],
    ['r7', a],
    ['r8', c],
  ] as const)
    ids[name] = ((await w.requirement(doc.id, name, category?.id ?? null)) as { id: number }).id;
  // Orders the API would not give: out of step with ids at the root and in A, a tie in C.
  for (const [name, position] of [
    ['r2', 5],
    ['r6', 1],
    ['r3', 2],
    ['r7', 0],
    ['r1', 3],
    ['r8', 3],
  ] as const)
    await t.ctx.db.update(requirements).set({ position }).where(eq(requirements.id, ids[name]!));
  return { doc, a, ids };
}

const names = (list: readonly { id: number }[], ids: Record<string, number>) => {
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return list.map((r) => byId.get(r.id));
};

describe('reading order', () => {
  it('is the domain rule in the document view, the category view and the exports', async () => {
    const { t, w } = suite;
    const { doc, a, ids } = await setUp();
    const served: RequirementPresented[] = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    const categories: CategoryPresented[] = await w.ok('GET', `/api/documents/categories/${doc.id}`);
    const rule = inReadingOrder([...served].reverse(), new Map(categories.map((c) => [c.id, c])));

    const expected = ['r6', 'r2', 'r4', 'r7', 'r3', 'r5', 'r1', 'r8'];
    expect(names(rule, ids)).toEqual(expected);
    expect(names(served, ids)).toEqual(expected);
    expect(names((await readingOrder(t.ctx.db, doc.id)).presented, ids)).toEqual(expected);
    const deep: RequirementPresented[] = await w.ok('GET', `/api/categories/requirementsdeep/${a.id}`);
    expect(names(deep, ids)).toEqual(['r7', 'r3', 'r5', 'r1', 'r8']);
    // The document's quality (decisions §25) lists them in the same order.
    const quality: { requirements: { id: number }[] } = await w.ok('GET', `/api/documents/quality/${doc.id}`);
    expect(names(quality.requirements, ids)).toEqual(expected);
    // The statement alone gives them by order and id only: the tree is the rule's to apply.
    expect(names(await documentRequirementRows(t.ctx.db, doc.id), ids)).toEqual([
      'r4',
      'r5',
      'r7',
      'r6',
      'r3',
      'r1',
      'r8',
      'r2',
    ]);
  });

  it('moves the requirements of a deleted category to the root in that order, after its own', async () => {
    const { w } = suite;
    const { doc, a, ids } = await setUp();
    await w.ok('DELETE', `/api/categories/${a.id}`);
    const served: RequirementPresented[] = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    expect(names(served, ids)).toEqual(['r6', 'r2', 'r7', 'r3', 'r5', 'r1', 'r8', 'r4']);
  });
});
