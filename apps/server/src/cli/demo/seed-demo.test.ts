import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RequirementPresented } from '@reqloom/domain';
import { comments, revisions, users } from '../../db/schema';
import { Agent } from '../../test/agent';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_EMAIL, seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SEED_TIMEOUT = 120_000;

describe('seed:demo', () => {
  it(
    'makes a demo user who logs in to a full sample project',
    async () => {
      const result = await seedDemo(t.ctx);
      if (!result.ok) throw new Error(result.message);
      expect(result.email).toBe(DEMO_EMAIL);
      expect(result.password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);

      const agent = new Agent(t.app);
      expect((await agent.post('/api/auth/login', { email: DEMO_EMAIL, password: result.password })).statusCode).toBe(
        200,
      );
      const projects = (await agent.get('/api/user/projects')).data.data as { id: number; name: string }[];
      expect(projects.map((p) => p.name)).toEqual(['Greenhouse controller']);
      const projectId = projects[0]!.id;

      // What the command line made is in the trail, by the command line (decisions §21).
      const trail = (await agent.get(`/api/projects/audit/${projectId}?entity_type=project`)).data.data as {
        action: string;
        actor: { type: string; id: number | null };
        entity_reference: string;
      }[];
      expect(trail).toMatchObject([
        { action: 'created', actor: { type: 'cli', id: null }, entity_reference: 'Greenhouse controller' },
      ]);

      // Three documents chained stakeholder → system → software, with nested categories.
      const documents = (await agent.get(`/api/projects/documents/${projectId}`)).data.data as {
        id: number;
        name: string;
        parents_id?: number[];
      }[];
      expect(documents.map((d) => d.name).sort()).toEqual([
        'Software requirements',
        'Stakeholder requirements',
        'System requirements',
      ]);
      const structure = JSON.stringify((await agent.get(`/api/projects/structure/${projectId}`)).data.data);
      expect(structure).toContain('"parent_id":');
      expect(structure).toMatch(/"parent_id":\d+/);

      const listed: RequirementPresented[] = [];
      for (const d of documents)
        listed.push(...((await agent.get(`/api/documents/requirements/${d.id}`)).data.data as RequirementPresented[]));
      const all = listed.filter((r) => r.type !== 'test');
      expect(all).toHaveLength(result.requirements);
      expect(all.length).toBeGreaterThanOrEqual(45);
      const byName = (name: string) => all.find((r) => r.name === name)!;

      // Every status, tags, rich text with a list, a table and an image that is served.
      expect(new Set(all.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3]));
      expect(all.filter((r) => r.tags.length > 0).length).toBeGreaterThan(40);
      const rich = byName('Heat and vent to the set point').description;
      expect(rich).toContain('<ol>');
      expect(rich).toContain('<table>');
      const src = /<img src="([^"]+)"/.exec(rich)?.[1];
      expect(src).toMatch(/^\/api\/attachments\//);
      const image = await agent.get(src!);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');

      // Traceability: the changed parent's links are stale, the others up to date; some requirements uncovered.
      const changed = byName('Water by schedule and moisture');
      expect(changed.children.length).toBeGreaterThan(0);
      expect(changed.children.every((c) => !c.upToDate)).toBe(true);
      const links = all.flatMap((r) => r.children);
      expect(links.filter((l) => l.upToDate).length).toBeGreaterThan(30);
      expect(byName('Energy report').coverageStatus).toBe('notCovered');
      expect(byName('Cabinet temperature watch').coverageStatus).toBe('notCovering');
      expect(byName('Audit log').coverageStatus).toBe('notCovering');
      const [revision] = await t.ctx.db.select().from(revisions).where(eq(revisions.requirementId, changed.id));
      expect(revision?.description).not.toContain('30 minutes');

      // For the alpha flag, a test with steps that verifies a system requirement.
      const [test] = listed.filter((r) => r.type === 'test');
      expect(test).toMatchObject({ name: 'Probe readings reach the climate loop', test: true });
      expect(test!.steps).toHaveLength(4);
      expect(test!.initialConditions).toContain('<ul>');
      expect(test!.parents).toEqual([{ id: byName('Measure the air temperature').id, upToDate: true }]);

      // Classifiers in every document, comments on the project and on requirements.
      for (const d of documents)
        expect(((await agent.get(`/api/documents/classifiers/${d.id}`)).data.data as unknown[]).length).toBeGreaterThan(
          0,
        );
      expect(byName('Heat and vent to the set point').has_comments).toBe(true);
      const projectComments = (await agent.get(`/api/projects/comments/${projectId}`)).data.data as {
        content: string;
      }[];
      expect(projectComments[0]!.content).toContain('seed:demo');
      // Search finds the demo's words (search vectors are the database's, filled as the app fills them).
      const found = await agent.post(`/api/projects/search/${projectId}`, { query: 'watchdog', limit: 10 });
      expect(found.statusCode).toBe(200);
      expect(JSON.stringify(found.data.data)).toContain('Watchdog');
    },
    SEED_TIMEOUT,
  );

  it(
    'refuses an e-mail that has an account and changes nothing; another e-mail makes another demo',
    async () => {
      const count = async () => {
        const [row] = await t.ctx.db
          .select({ users: sql<number>`count(*)::int`, comments: sql<number>`(select count(*)::int from ${comments})` })
          .from(users);
        return row;
      };
      const before = await count();
      const again = await seedDemo(t.ctx, { email: DEMO_EMAIL.toUpperCase() });
      expect(again).toEqual({
        ok: false,
        message: expect.stringMatching(/exists already: nothing was done/) as string,
      });
      expect(await count()).toEqual(before);

      const other = await seedDemo(t.ctx, { email: 'demo@other.example', password: 'chosen password' });
      if (!other.ok) throw new Error(other.message);
      expect(other.username).toBe('demo2');
      expect(other.password).toBe('chosen password');
      const agent = new Agent(t.app);
      expect(
        (await agent.post('/api/auth/login', { email: 'demo@other.example', password: 'chosen password' })).statusCode,
      ).toBe(200);
    },
    SEED_TIMEOUT,
  );
});
