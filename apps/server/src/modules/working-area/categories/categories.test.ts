import { describe, expect, it } from 'vitest';
import { useWorkingArea } from '../../../test/working-area';

const suite = useWorkingArea();

type Cat = { id: number; _lft: number; _rgt: number; address: number[]; reference: string; name: string };

describe('categories', () => {
  it('places new categories last, with a real nested set and addresses', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const a = await suite.w.category(doc.id, 'A');
    const b = await suite.w.category(doc.id, 'B');
    const a1 = await suite.w.category(doc.id, 'AA', a.id);
    const a2 = await suite.w.category(doc.id, 'AB', a.id);
    const list: Cat[] = await suite.w.ok('GET', `/api/documents/categories/${doc.id}`);
    expect(list.map((c) => c.id)).toEqual([a.id, a1.id, a2.id, b.id]);
    const byId = new Map(list.map((c) => [c.id, c]));
    for (const child of [a1, a2]) {
      expect(byId.get(child.id)!._lft).toBeGreaterThan(byId.get(a.id)!._lft);
      expect(byId.get(child.id)!._rgt).toBeLessThan(byId.get(a.id)!._rgt);
    }
    expect(byId.get(a2.id)!.address).toEqual([0, 1]);
    expect(byId.get(a2.id)!.reference).toBe('SRS_A_AB');
    const subs: Cat[] = await suite.w.ok('GET', `/api/categories/subcategories/${a.id}`);
    expect(subs.map((c) => c.id)).toEqual([a1.id, a2.id]);
  });

  it('moves up and down among siblings, a no-op at the ends', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const x = await suite.w.category(doc.id, 'X');
    const y = await suite.w.category(doc.id, 'Y');
    const z = await suite.w.category(doc.id, 'Z');
    await suite.w.ok('POST', `/api/categories/moveorderup/${z.id}`);
    let order = (await suite.w.ok('GET', `/api/documents/categories/${doc.id}`)).map((c: Cat) => c.id);
    expect(order).toEqual([x.id, z.id, y.id]);
    await suite.w.ok('POST', `/api/categories/moveorderup/${x.id}`);
    await suite.w.ok('POST', `/api/categories/moveorderdown/${y.id}`);
    order = (await suite.w.ok('GET', `/api/documents/categories/${doc.id}`)).map((c: Cat) => c.id);
    expect(order).toEqual([x.id, z.id, y.id]);
    const moved = await suite.w.ok('POST', `/api/categories/moveorderdown/${x.id}`);
    expect(moved.address).toEqual([1]);
    // A GET cannot change state (decisions §2).
    expect((await suite.user.agent.get(`/api/categories/moveorderup/${x.id}`)).statusCode).toBe(404);
  });

  it('deleting a category deletes its sub-categories and moves their requirements to the root, after the others', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const rootReq = await suite.w.requirement(doc.id, 'root');
    const cat = await suite.w.category(doc.id, 'C');
    const sub = await suite.w.category(doc.id, 'S', cat.id);
    const r1 = await suite.w.requirement(doc.id, 'in cat', cat.id);
    const r2 = await suite.w.requirement(doc.id, 'in sub', sub.id);
    expect(r2.reference).toBe('D_C_S_004'.replace('004', String(r2.reference_number).padStart(3, '0')));
    expect((await suite.user.agent.delete(`/api/categories/${cat.id}`)).statusCode).toBe(204);
    expect((await suite.user.agent.get(`/api/categories/${sub.id}`)).statusCode).toBe(404);
    const reqs = await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`);
    expect(reqs.map((r: { id: number; category_id: number | null }) => [r.id, r.category_id])).toEqual([
      [rootReq.id, null],
      [r1.id, null],
      [r2.id, null],
    ]);
    expect(reqs[2].reference).toBe(`D_${String(r2.reference_number).padStart(3, '0')}`);
    // Leaving the category is a change of category: it keeps a revision and moves updated_at.
    const moved = await suite.w.ok('GET', `/api/requirements/${r1.id}`);
    expect(moved.revisions).toHaveLength(1);
    expect(moved.revisions[0].category_id).toBe(cat.id);
    expect(new Date(moved.updated_at).getTime()).toBeGreaterThan(new Date(r1.updated_at).getTime());
  });

  it('refuses a parent in another document or below itself', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const other = await suite.w.document(project.id, 'E');
    const foreign = await suite.w.category(other.id, 'F');
    const res = await suite.user.agent.post('/api/categories', {
      document_id: doc.id,
      parent_id: foreign.id,
      name: 'n',
      acronym: 'N',
    });
    expect(res.statusCode).toBe(422);
    expect(res.data.errors.parent_id).toBeDefined();
    const top = await suite.w.category(doc.id, 'T');
    const below = await suite.w.category(doc.id, 'B', top.id);
    const loop = await suite.user.agent.put(`/api/categories/${top.id}`, { parent_id: below.id });
    expect(loop.statusCode).toBe(422);
    const moved = await suite.w.ok('PUT', `/api/categories/${below.id}`, { parent_id: null, name: 'Renamed' });
    expect(moved).toMatchObject({ parent_id: null, name: 'Renamed', address: [1] });
  });

  it('lists own requirements and those of the whole sub-tree', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const cat = await suite.w.category(doc.id, 'C');
    const sub = await suite.w.category(doc.id, 'S', cat.id);
    const own = await suite.w.requirement(doc.id, 'own', cat.id);
    const deep = await suite.w.requirement(doc.id, 'deep', sub.id);
    expect(
      (await suite.w.ok('GET', `/api/categories/requirements/${cat.id}`)).map((r: { id: number }) => r.id),
    ).toEqual([own.id]);
    expect(
      (await suite.w.ok('GET', `/api/categories/requirementsdeep/${cat.id}`)).map((r: { id: number }) => r.id),
    ).toEqual([own.id, deep.id]);
  });
});
