import { describe, expect, it } from 'vitest';
import { useWorkingArea } from '../test/working-area';

// Writes that read before they write, sent at the same moment: the locks must keep the rules.

const suite = useWorkingArea();

describe('concurrent writes', () => {
  it('never link two documents into a cycle', async () => {
    const project = await suite.w.project();
    const a = await suite.w.document(project.id, 'A');
    const b = await suite.w.document(project.id, 'B');
    const results = await Promise.all([
      suite.user.agent.put(`/api/documents/${a.id}`, { parents_id: [b.id] }),
      suite.user.agent.put(`/api/documents/${b.id}`, { parents_id: [a.id] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('never move two categories under each other', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const x = await suite.w.category(doc.id, 'X');
    const y = await suite.w.category(doc.id, 'Y');
    const results = await Promise.all([
      suite.user.agent.put(`/api/categories/${x.id}`, { parent_id: y.id }),
      suite.user.agent.put(`/api/categories/${y.id}`, { parent_id: x.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const list = await suite.w.ok('GET', `/api/documents/categories/${doc.id}`);
    expect(list.every((c: { _lft: number }) => c._lft > 0)).toBe(true);
  });

  it('give distinct places to categories created, requirements copied and moved at once', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const created = await Promise.all(['A', 'B', 'C', 'E'].map((acronym) => suite.w.category(doc.id, acronym)));
    expect(new Set(created.map((c: { order: number }) => c.order)).size).toBe(4);

    const r = await suite.w.requirement(doc.id, 'original');
    const copies = await Promise.all([0, 1, 2].map(() => suite.user.agent.post(`/api/requirements/copy/${r.id}`)));
    expect(copies.every((c) => c.statusCode === 201)).toBe(true);
    const orders = (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).map(
      (x: { order: number }) => x.order,
    );
    expect(new Set(orders).size).toBe(orders.length);

    const target = created[0];
    const moved = await Promise.all(
      (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).map((x: { id: number }) =>
        suite.user.agent.put(`/api/requirements/${x.id}`, { category_id: target.id }),
      ),
    );
    expect(moved.every((m) => m.statusCode === 200)).toBe(true);
    const inTarget = (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).map(
      (x: { order: number }) => x.order,
    );
    expect(new Set(inTarget).size).toBe(inTarget.length);

    // A double click on "up" moves twice, never into a tie.
    const last = (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).at(-1);
    await Promise.all([0, 1].map(() => suite.user.agent.post(`/api/requirements/moveorderup/${last.id}`)));
    const after = (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).map(
      (x: { order: number }) => x.order,
    );
    expect(new Set(after).size).toBe(after.length);
  });
});
