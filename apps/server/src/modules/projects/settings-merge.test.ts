import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProject } from '../../policies/project-access';
import { createTestApp, type TestApp } from '../../test/harness';
import { runWork } from '../../core/work';
import { updateSettings } from './projects.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('project settings are merged by the database', () => {
  it('a change made from a row read before another change keeps that other change', async () => {
    const owner = await t.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Merge', acronym: 'MRG', slug: 'merge' })).data
      .data;
    const url = `/api/projects/settings/${project.id}`;
    // The row as a concurrent request loaded it, before the change below.
    const stale = (await findProject(t.ctx.db, project.id))!;
    expect((await owner.agent.put(url, { settings: { organizationName: 'ACME' } })).statusCode).toBe(200);
    const merged = await runWork(t.ctx, { actor: { type: 'cli' } }, (work) =>
      updateSettings(work, stale, { acronymMaxSize: 9 }),
    );
    expect(merged).toEqual({
      organizationName: 'ACME',
      acronymMaxSize: 9,
      autoAcronymIgnoreSmallWords: false,
      joinRole: 'editor',
      quality: { disabled: [] },
    });
    expect((await owner.agent.get(url)).data.data).toEqual(merged);
  });

  it('concurrent changes of different settings all land', async () => {
    const owner = await t.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Merge', acronym: 'MRG', slug: 'merge-two' })).data
      .data;
    await owner.agent.ensureCsrf();
    const url = `/api/projects/settings/${project.id}`;
    const answers = await Promise.all([
      owner.agent.put(url, { settings: { organizationName: 'ACME' } }),
      owner.agent.put(url, { settings: { acronymMaxSize: 9 } }),
      owner.agent.put(url, { settings: { autoAcronymIgnoreSmallWords: true } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await owner.agent.get(url)).data.data).toEqual({
      organizationName: 'ACME',
      acronymMaxSize: 9,
      autoAcronymIgnoreSmallWords: true,
      joinRole: 'editor',
      quality: { disabled: [] },
    });
  });
});
