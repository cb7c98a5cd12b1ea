import { describe, expect, it } from 'vitest';
import type { BaselinePresented, RequirementPresented } from '@reqloom/domain';
import { useWorkingArea } from '../../test/working-area';

const s = useWorkingArea();

// A baseline is taken at one instant (decisions §22). Raced against writes of several rows in one transaction (each
// create-children makes three requirements and three links, and moves a category with them), every write is in a
// baseline entirely or not at all. On PostgreSQL the writes and the snapshots really run at once on the pool's
// connections; PGlite runs transactions one after the other, where the test holds trivially.

const BATCHES = 12;
const CHILDREN = 3;

describe('baselines raced with writes', () => {
  it('hold each create-children wholly or not at all', async () => {
    const { w } = s;
    const project = await w.project();
    const urs = await w.document(project.id, 'URS');
    const srs = await w.document(project.id, 'SRS', [urs.id]);
    const parent: RequirementPresented = await w.requirement(urs.id, 'Parent');
    const writes = Array.from({ length: BATCHES }, (_, batch) =>
      s.user.agent.put(`/api/requirements/createchildren/${parent.id}`, {
        children: Array.from({ length: CHILDREN }, (_, n) => ({
          document_id: srs.id,
          category_id: null,
          name: `b${batch}-c${n}`,
        })),
      }),
    );
    const snapshots = Array.from({ length: BATCHES / 2 }, (_, n) =>
      s.user.agent.post('/api/baselines', { project_id: project.id, name: `Race ${n}` }),
    );
    // Interleaved: a snapshot after every second write is sent.
    const answers = await Promise.all(
      writes.flatMap((write, n) => (n % 2 === 1 ? [write, snapshots[(n - 1) / 2]!] : [write])),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual(
      [...Array(BATCHES).fill(200), ...Array(BATCHES / 2).fill(201)].sort(),
    );
    const baselines = (await w.ok('GET', `/api/projects/baselines/${project.id}`)) as BaselinePresented[];
    expect(baselines).toHaveLength(BATCHES / 2);
    for (const b of baselines) {
      const kept = (await w.ok(
        'GET',
        `/api/baselines/requirements/${b.id}?document_id=${srs.id}`,
      )) as RequirementPresented[];
      const perBatch = new Map<string, number>();
      for (const r of kept) {
        const batch = r.name.split('-')[0]!;
        perBatch.set(batch, (perBatch.get(batch) ?? 0) + 1);
        // Its link came with it, in the same instant.
        expect(
          r.parents.map((p) => p.id),
          r.name,
        ).toEqual([parent.id]);
      }
      for (const [batch, n] of perBatch) expect(n, `${b.name}: ${batch}`).toBe(CHILDREN);
      expect(b.counts.requirements).toBe(kept.length + 1);
      expect(b.counts.links).toBe(kept.length);
      const parentKept = (await w.ok(
        'GET',
        `/api/baselines/requirements/${b.id}?document_id=${urs.id}`,
      )) as RequirementPresented[];
      // The parent's side says the same: its children are exactly the kept ones.
      expect(parentKept[0]!.children.map((c) => c.id).sort((x, y) => x - y)).toEqual(
        kept.map((r) => r.id).sort((x, y) => x - y),
      );
    }
    // The last write and the last snapshot: whatever the interleaving, every batch was written.
    const now = (await w.ok('GET', `/api/documents/requirements/${srs.id}`)) as RequirementPresented[];
    expect(now).toHaveLength(BATCHES * CHILDREN);
  });

  it('let one of two creations of one name win, and answer the other 422', async () => {
    const { w } = s;
    const project = await w.project();
    await w.document(project.id, 'SRS');
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        s.user.agent.post('/api/baselines', { project_id: project.id, name: `Same ${round}` }),
        s.user.agent.post('/api/baselines', { project_id: project.id, name: `SAME ${round}` }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      const refused = answers.find((a) => a.statusCode === 422)!;
      expect(Object.keys(refused.data.errors)).toEqual(['name']);
    }
    expect(await w.ok('GET', `/api/projects/baselines/${project.id}`)).toHaveLength(5);
  });
});
