import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useWorkingArea } from '../../../test/working-area';

// Which writes wait for a document's lock (PostgreSQL only: the lock is held from a second connection).
// A change of a requirement's own fields locks its row alone, so that a team editing one document (and the
// collaboration write-backs of its descriptions) do not queue behind each other; a change of place, links or
// tags still takes the document's lock first.

const suite = useWorkingArea();

/** Whether the promise settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('row locks of requirement writes', () => {
  it('a change of own fields does not wait for the document; a move does, and both land', async () => {
    const { t, user, w } = suite;
    const project = await w.project();
    const doc = await w.document(project.id, 'D');
    const category = await w.category(doc.id, 'C');
    const r = await w.requirement(doc.id, 'Before');
    const s = await w.requirement(doc.id, 'Other');
    let renamed: { statusCode: number; body: string } | undefined;
    let moved: Promise<{ statusCode: number }> | undefined;
    let movedEarly = true;
    await t.ctx.db.transaction(async (tx) => {
      // Someone holds the document (a reorder, a move, a category's deletion).
      await tx.execute(sql`select id from documents where id = ${doc.id} for update`);
      const rename = user.agent.put(`/api/requirements/${r.id}`, { name: 'Renamed meanwhile', status: 2 });
      expect(await settlesWithin(rename, 10_000)).toBe(true);
      renamed = await rename;
      moved = user.agent.put(`/api/requirements/${s.id}`, { category_id: category.id });
      movedEarly = await settlesWithin(moved, 500);
    });
    expect(renamed?.statusCode, renamed?.body).toBe(200);
    expect(movedEarly).toBe(false);
    expect((await moved!).statusCode).toBe(200);
    const after = await w.ok('GET', `/api/requirements/${r.id}`);
    expect(after).toMatchObject({ name: 'Renamed meanwhile', status: 2 });
    expect((await w.ok('GET', `/api/requirements/${s.id}`)).category_id).toBe(category.id);
  });

  it('renames racing a delete of their document never answer 500', async () => {
    const { user, w } = suite;
    const project = await w.project();
    const doc = await w.document(project.id, 'E');
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => w.requirement(doc.id, `R${i}`)));
    const answers = await Promise.all([
      ...ids.map((r, i) => user.agent.put(`/api/requirements/${r.id}`, { name: `Renamed ${i}` })),
      user.agent.delete(`/api/documents/${doc.id}`),
      ...ids.map((r, i) => user.agent.put(`/api/requirements/${r.id}`, { description: `<p>${i}</p>` })),
    ]);
    for (const a of answers) expect([200, 204, 404], a.body).toContain(a.statusCode);
    expect((await user.agent.get(`/api/documents/${doc.id}`)).statusCode).toBe(404);
  });
});
