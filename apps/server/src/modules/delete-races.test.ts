import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { findProject } from '../policies/project-access';
import { useWorkingArea } from '../test/working-area';
import { runWork } from '../core/work';
import { insertRequirement } from './working-area/requirements/requirements.service';

// Writes racing a DELETE of what they write to (or into): each answers as if it came wholly before or wholly
// after the delete — never 500, never 403 — on PGlite and on PostgreSQL. 1,000 races per run.

const suite = useWorkingArea();

// A bound for a test of thousands of calls on a shared machine, not a measure of speed.
const LIMIT_MS = 240_000;

type Call = { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
const statuses = new Map<string, number>();

async function race(write: Call, remove: Call): Promise<void> {
  const [a, b] = await Promise.all([
    suite.user.agent.request(write.method, write.url, write.body),
    suite.user.agent.request(remove.method, remove.url),
  ]);
  for (const [call, res] of [
    [write, a],
    [remove, b],
  ] as const) {
    const key = `${call.method} ${call.url.replace(/\d+/g, ':id')} ${res.statusCode}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (res.statusCode >= 500 || res.statusCode === 403) throw new Error(`${key}: ${res.body}`);
    expect(res.headers['content-type'] ?? 'application/json').toContain('application/json');
  }
  expect([204, 404]).toContain(b.statusCode);
  expect([200, 201, 204, 404, 422]).toContain(a.statusCode);
}

/** Runs `count` races made by `make`, a batch at a time so that they overlap each other too. */
async function races(count: number, make: (i: number) => Promise<[Call, Call]>) {
  const batch = 10;
  for (let start = 0; start < count; start += batch) {
    const pairs = await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, k) => make(start + k)));
    await Promise.all(pairs.map(([write, remove]) => race(write, remove)));
  }
}

describe('writes racing a delete', () => {
  it(
    'requirements: 400 updates, copies, moves and child creations against their deletion',
    async () => {
      const project = await suite.w.project();
      const parent = await suite.w.document(project.id, 'P');
      const child = await suite.w.document(project.id, 'C', [parent.id]);
      const other = await suite.w.requirement(parent.id, 'Other');
      // The requirements to race over are made in one unit of work: the races, not their set-up, are the test.
      const { t, user } = suite;
      const [author] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      const row = (await findProject(t.ctx.db, project.id))!;
      const made = await runWork(t.ctx, { actor: { type: 'cli' } }, async (work) => {
        const rows = [];
        for (let i = 0; i < 400; i++)
          rows.push(
            await insertRequirement(work, author!, row, {
              document_id: child.id,
              category_id: null,
              name: `R${i}`,
              description: '',
            }),
          );
        return rows;
      });
      await races(400, async (i) => {
        const r = made[i]!;
        const writes: Call[] = [
          { method: 'PUT', url: `/api/requirements/${r.id}`, body: { name: `Renamed ${i}`, status: 1 } },
          { method: 'PUT', url: `/api/requirements/${r.id}`, body: { description: `<p>New ${i}</p>` } },
          { method: 'PUT', url: `/api/requirements/${r.id}`, body: { parents_id: [other.id] } },
          { method: 'POST', url: `/api/requirements/copy/${r.id}` },
          { method: 'POST', url: `/api/requirements/moveorderup/${r.id}` },
        ];
        return [writes[i % writes.length]!, { method: 'DELETE', url: `/api/requirements/${r.id}` }];
      });
    },
    LIMIT_MS,
  );

  it(
    'categories: 200 updates, moves and creations inside against their deletion',
    async () => {
      const project = await suite.w.project();
      const doc = await suite.w.document(project.id, 'D');
      await races(200, async (i) => {
        const c = await suite.w.category(doc.id, `C${i}`);
        const writes: Call[] = [
          { method: 'PUT', url: `/api/categories/${c.id}`, body: { name: `Renamed ${i}` } },
          { method: 'POST', url: `/api/categories/moveorderup/${c.id}` },
          {
            method: 'POST',
            url: '/api/requirements',
            body: { document_id: doc.id, category_id: c.id, name: `In ${i}` },
          },
          {
            method: 'POST',
            url: '/api/categories',
            body: { document_id: doc.id, parent_id: c.id, name: 'Sub', acronym: 'S' },
          },
        ];
        return [writes[i % writes.length]!, { method: 'DELETE', url: `/api/categories/${c.id}` }];
      });
    },
    LIMIT_MS,
  );

  it(
    'documents: 200 updates, settings and creations inside against their deletion',
    async () => {
      const project = await suite.w.project();
      await races(200, async (i) => {
        const d = await suite.w.document(project.id, `D${i % 10}`);
        const r = i % 5 === 4 ? await suite.w.requirement(d.id, 'Inside') : null;
        const writes: Call[] = [
          { method: 'PUT', url: `/api/documents/${d.id}`, body: { name: `Renamed ${i}` } },
          { method: 'PUT', url: `/api/documents/settings/${d.id}`, body: { settings: {} } },
          { method: 'POST', url: '/api/requirements', body: { document_id: d.id, category_id: null, name: `In ${i}` } },
          {
            method: 'POST',
            url: '/api/categories',
            body: { document_id: d.id, parent_id: null, name: 'Cat', acronym: 'C' },
          },
          { method: 'PUT', url: `/api/requirements/${r?.id ?? 0}`, body: { name: 'Inside, renamed' } },
        ];
        return [writes[i % writes.length]!, { method: 'DELETE', url: `/api/documents/${d.id}` }];
      });
    },
    LIMIT_MS,
  );

  it(
    'projects: 200 updates, settings and creations inside against their deletion',
    async () => {
      await races(200, async (i) => {
        const p = await suite.w.project(`P${i}`);
        const d = i % 4 === 3 ? await suite.w.document(p.id, 'D') : null;
        const writes: Call[] = [
          { method: 'PUT', url: `/api/projects/${p.id}`, body: { name: `Renamed ${i}` } },
          { method: 'PUT', url: `/api/projects/settings/${p.id}`, body: { settings: { acronymMaxSize: 6 } } },
          {
            method: 'POST',
            url: '/api/documents',
            body: { project_id: p.id, name: 'Doc', acronym: 'D', parents_id: [] },
          },
          { method: 'POST', url: '/api/requirements', body: { document_id: d?.id ?? 0, category_id: null, name: 'R' } },
        ];
        return [writes[i % writes.length]!, { method: 'DELETE', url: `/api/projects/${p.id}` }];
      });
      // Both orders happened: some writes came first (200/201), some after the delete (404).
      const answers = [...statuses.keys()].join('\n');
      expect(answers).toMatch(/ 404$/m);
      expect(answers).toMatch(/ 20[01]$/m);
    },
    LIMIT_MS,
  );
});
