import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/prepared';
import { useWorkingArea } from '../../test/working-area';

// Decisions §22, the race of issue 35: validating 1,000 links while another person changes one of their parents. The
// change is held open, written but not committed, while the validation runs and commits; once the change commits,
// its links are suspect again, shown from the state the validation saw. PostgreSQL only: the change is held from
// another connection (a lock on the shared descriptions' table, which the change writes after its requirement row).

const suite = useWorkingArea();

const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('validation racing a parent change', () => {
  it('leaves the links of a parent change not committed when the validation started suspect', async () => {
    const { t, user, w } = suite;
    const project = await w.project();
    const sys = await w.document(project.id, 'SYS');
    const srs = await w.document(project.id, 'SRS', [sys.id]);
    const parents: { id: number }[] = [];
    const links: { parent_id: number; child_id: number }[] = [];
    for (let p = 0; p < 10; p++) {
      const parent = await w.requirement(sys.id, `Parent ${p}`);
      parents.push(parent);
      const children = (await w.ok('PUT', `/api/requirements/createchildren/${parent.id}`, {
        children: Array.from({ length: 100 }, (_, i) => ({
          document_id: srs.id,
          category_id: null,
          name: `C${p}.${i}`,
        })),
      })) as { id: number }[];
      for (const child of children) links.push({ parent_id: parent.id, child_id: child.id });
      // Every link suspect before the validation: the parent changed after its links were made.
      await w.ok('PUT', `/api/requirements/${parent.id}`, { description: `<p>Reviewed text ${p}</p>` });
    }
    expect(links).toHaveLength(1000);
    const raced = parents[3]!;

    let change: Promise<{ statusCode: number; body: string }> | undefined;
    let validation: { statusCode: number; body: string } | undefined;
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table collaboration_states in exclusive mode`);
      // The change writes the parent's row, then waits here, uncommitted.
      change = user.agent.put(`/api/requirements/${raced.id}`, { description: '<p>Changed meanwhile</p>' });
      await expect
        .poll(
          async () =>
            rowsOf<{ waiting: number }>(
              await t.ctx.db.execute(sql`
                select count(*)::int as waiting from pg_locks l join pg_class c on c.oid = l.relation
                 where c.relname = 'collaboration_states' and not l.granted`),
            )[0]!.waiting,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1);
      const validate = user.agent.post('/api/requirementlinks/validate', { links, comment: 'All 1,000' });
      // The validation neither waits for the change nor is held up by it.
      expect(await settlesWithin(validate, 20_000)).toBe(true);
      validation = await validate;
    });
    expect(validation?.statusCode, validation?.body).toBe(204);
    const changed = await change!;
    expect(changed.statusCode, changed.body).toBe(200);

    const res = await user.agent.get(`/api/projects/suspectlinks/${project.id}?limit=500`);
    expect(res.statusCode).toBe(200);
    const suspect = res.data.data as { parent: { id: number }; changes: { description?: unknown } }[];
    expect(suspect).toHaveLength(100);
    expect(new Set(suspect.map((s) => s.parent.id))).toEqual(new Set([raced.id]));
    expect(suspect[0]!.changes.description).toEqual({
      before: '<p>Reviewed text 3</p>',
      after: '<p>Changed meanwhile</p>',
    });
    // The other 900 stay reviewed; each of the 1,000 is in the trail.
    const [trail] = rowsOf<{ count: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as count from audit_entries where project_id = ${project.id} and action = 'link_validated'`,
      ),
    );
    expect(trail?.count).toBe(1000);
  });
});
