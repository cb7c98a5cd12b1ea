import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { attachments, requirements } from '../../db/schema';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import {
  loadOrCreateState,
  storeState,
} from '../../modules/working-area/requirements/description/collaboration-states';
import { FRAGMENT, readHtml } from '../../modules/working-area/requirements/description/shared-description';
import { Agent } from '../../test/agent';
import { openEditor, until, type TestEditor } from '../../test/collaboration-client';
import { testDriver } from '../../test/database';
import { freshDatabase, testPostgresUrl, type FreshDatabase } from '../../test/fresh-database';
import { createTestApp, listen, type TestApp } from '../../test/harness';
import { seedDemo } from '../demo/seed-demo';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';

// A backup of one kind of database restores into the other (decisions §17: a backup of the embedded database moves
// an instance to PostgreSQL), and the app then serves it all. The PGlite run restores into PostgreSQL when a server
// is given (TEST_DATABASE_URL), the PostgreSQL run into PGlite.
const targetDriver = testDriver === 'postgres' ? 'pglite' : testPostgresUrl() ? 'postgres' : 'pglite';

let source: TestApp;
let target: FreshDatabase;
let restored: BuiltApp;
let restoredBase: string;
let dir: string;
const editors: TestEditor[] = [];
const login = { email: 'cross-demo@example.com', password: 'cross demo password' };

beforeAll(async () => {
  source = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-cross-test-'));
});
afterAll(async () => {
  for (const e of editors) e.destroy();
  await restored?.app.close();
  await target?.drop();
  await source.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function loggedIn(app: BuiltApp['app']): Promise<Agent> {
  const agent = new Agent(app);
  const res = await agent.post('/api/auth/login', login);
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return agent;
}

type Link = { parent_id: number; child_id: number };

/** What a member sees of every document of the demo project: its structure and each document's requirements. */
async function projectAsServed(agent: Agent) {
  const [project] = (await agent.get('/api/user/projects')).data.data as { id: number }[];
  const documents = (await agent.get(`/api/projects/documents/${project!.id}`)).data.data as { id: number }[];
  const structure = (await agent.get(`/api/projects/structure/${project!.id}`)).data.data as unknown;
  // The links come in no promised order (the table's physical one): compared as a set.
  const links = ((await agent.get(`/api/projects/requirementlinks/${project!.id}`)).data.data as Link[]).sort(
    (a, b) => a.parent_id - b.parent_id || a.child_id - b.child_id,
  );
  const perDocument = [];
  for (const d of documents) {
    perDocument.push({
      requirements: (await agent.get(`/api/documents/requirements/${d.id}`)).data.data as unknown,
      classifiers: (await agent.get(`/api/documents/classifiers/${d.id}`)).data.data as unknown,
    });
  }
  return { project, documents, structure, links, perDocument };
}

describe(`a backup of ${testDriver} restored into ${targetDriver}`, () => {
  it('serves every document, image and shared description, and the app goes on creating rows', async () => {
    const seeded = await seedDemo(source.ctx, login);
    if (!seeded.ok) throw new Error(seeded.message);
    // A shared description edited live: its state holds text that the HTML column does not have yet.
    const [requirement] = await source.ctx.db.select().from(requirements).limit(1);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await loadOrCreateState(source.ctx.db, requirement!.id))!);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('Typed live before the backup.')]);
    doc.getXmlFragment(FRAGMENT).insert(0, [paragraph]);
    await source.ctx.db.transaction((tx) => storeState(tx, requirement!.id, Y.encodeStateAsUpdate(doc)));
    const sharedHtml = readHtml(doc);
    expect(sharedHtml).toContain('Typed live before the backup.');

    const sourceAgent = await loggedIn(source.app);
    const before = await projectAsServed(sourceAgent);
    expect(before.documents).toHaveLength(3);
    const [image] = await source.ctx.db.select().from(attachments);
    const imageBefore = await sourceAgent.get(`/api/attachments/${image!.fileName}`);
    expect(imageBefore.statusCode).toBe(200);

    const file = path.join(dir, 'cross.backup');
    const summary = await writeBackup(source.ctx.database, file);
    expect(summary.header.source).toBe(testDriver);

    target = await freshDatabase(targetDriver);
    await restoreBackup(target.database, file);
    const dataDir = path.join(dir, 'restored');
    restored = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://reqloom.test' }), {
      database: target.database,
    });
    restoredBase = await listen(restored.app);
    expect((await restored.app.inject({ url: '/api/health' })).json()).toMatchObject({ database: targetDriver });

    const agent = await loggedIn(restored.app);
    expect(await projectAsServed(agent)).toEqual(before);
    const imageAfter = await agent.get(`/api/attachments/${image!.fileName}`);
    expect(imageAfter.statusCode).toBe(200);
    expect(imageAfter.headers['content-type']).toBe(imageBefore.headers['content-type']);
    expect(imageAfter.rawPayload.equals(imageBefore.rawPayload)).toBe(true);

    const cookie = agent.cookie;
    const editor = openEditor(restoredBase, requirement!.id, { cookie });
    editors.push(editor);
    await editor.authenticated;
    await until(() => readHtml(editor.doc) === sharedHtml);

    // Sequences were set past the restored ids: new rows get new ids.
    const created = await agent.post('/api/requirements', {
      document_id: before.documents[0]!.id,
      category_id: null,
      name: 'Made after the restore',
    });
    expect(created.statusCode).toBe(201);
    const highest = Math.max(...(await target.database.db.select().from(requirements)).map((r) => r.id));
    expect(created.data.data.id).toBe(highest);
    expect(created.data.data.id).toBeGreaterThan(requirement!.id);
    const comment = await agent.post(`/api/requirements/comment/${created.data.data.id as number}`, {
      content: 'And a comment.',
    });
    expect(comment.statusCode).toBe(201);
  }, 120_000);
});
