import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { openEditor, until, type TestEditor } from '../test/collaboration-client';
import { cookieOf, createTestApp, listen, type TestApp } from '../test/harness';
import { workingArea } from '../test/working-area';
import { readHtml } from '../modules/working-area/requirements/description/shared-description';

// Two instances of the app behind one Redis: two people on two instances edit one description.
// Runs in the `redis` Vitest project, which exists when TEST_REDIS_URL is set (CI sets it).

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: BuiltApp;
const editors: TestEditor[] = [];

beforeAll(async () => {
  a = await createTestApp({ redisUrl });
  b = await buildApp({ ...a.ctx.config, redisUrl }, { database: a.ctx.database, mailer: a.ctx.mailer });
});
afterAll(async () => {
  for (const e of editors) e.destroy();
  await b.app.close();
  await a.close();
});

describe('collaborative editing across instances', () => {
  it('converges two editors on two instances, writes back once, and merges a REST change made on either', async () => {
    const [baseA, baseB] = [await listen(a.app), await listen(b.app)];
    const owner = await a.signUp();
    const w = workingArea(owner);
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const requirement = await w.requirement(document.id, 'Shared');
    const cookie = cookieOf(owner);
    const onA = openEditor(baseA, requirement.id, { cookie });
    const onB = openEditor(baseB, requirement.id, { cookie });
    editors.push(onA, onB);
    await Promise.all([onA.authenticated, onB.authenticated]);
    await until(() => readHtml(onA.doc).includes('Shared') && readHtml(onB.doc).includes('Shared'));
    // Both opened it together: one initial state, so the text is not doubled.
    expect(readHtml(onB.doc)).toBe('<p>Shared</p>');
    onA.type('from A ');
    onB.type('from B ');
    // Typed at the same place at once: Yjs orders the two by client id, the same way on both sides.
    await until(
      () =>
        readHtml(onA.doc) === readHtml(onB.doc) &&
        readHtml(onA.doc).includes('from A') &&
        readHtml(onA.doc).includes('from B'),
    );
    await until(async () => {
      const r = (await owner.agent.get(`/api/requirements/${requirement.id}`)).data.data;
      return r.description === readHtml(onA.doc);
    });
    await owner.agent.put(`/api/requirements/${requirement.id}`, { description: `${readHtml(onA.doc)}<p>REST</p>` });
    await until(() => readHtml(onA.doc).includes('REST') && readHtml(onB.doc).includes('REST'));
    expect(readHtml(onB.doc)).toBe(readHtml(onA.doc));
  });
});
