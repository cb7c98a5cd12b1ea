import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { documents, projects } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { workingArea } from '../../../test/working-area';
import { STAGING_ABANDONED_AFTER_MS } from './import-staging';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A staging project as an import leaves it, holding a document, its heartbeat `silentMs` ago. */
async function staging(db: Db, targetProjectId: number, silentMs: number): Promise<{ id: number; documentId: number }> {
  const beat = sql`now() - ${silentMs} * interval '1 millisecond'`;
  const [project] = await db
    .insert(projects)
    .values({
      ownerType: 'import',
      ownerId: targetProjectId,
      name: 'Staged',
      acronym: 'STG',
      slug: `staging-${Math.random()}`,
      joinToken: `token-${Math.random()}`,
      createdAt: beat,
      updatedAt: beat,
    })
    .returning({ id: projects.id });
  const [document] = await db
    .insert(documents)
    .values({ projectId: project!.id, name: 'Half-written', acronym: 'HW' })
    .returning({ id: documents.id });
  return { id: project!.id, documentId: document!.id };
}

const stillThere = async (db: Db, ids: number[]) =>
  (await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map((r) => r.id).sort();

describe('staging projects at a server start', () => {
  it('deletes those a dead process left on a shared database, and keeps one whose import is alive elsewhere', async () => {
    const project = await workingArea(await t.signUp()).project();
    // Killed mid-import: its heartbeat stopped longer ago than any live import lets it.
    const dead = await staging(t.ctx.db, project.id, STAGING_ABANDONED_AFTER_MS + 60_000);
    // Another instance's import, writing now.
    const live = await staging(t.ctx.db, project.id, 1_000);
    const second = await buildApp(t.ctx.config, { database: t.ctx.database, mailer: t.ctx.mailer });
    try {
      expect(await stillThere(t.ctx.db, [dead.id, live.id])).toEqual([live.id]);
      // All it held went with it.
      const left = await t.ctx.db.select().from(documents).where(eq(documents.id, dead.documentId));
      expect(left).toEqual([]);
    } finally {
      await second.app.close();
    }
  });

  it('deletes every one when the server holds its database alone (PGlite in DATA_DIR): killed, then started again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-staging-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://reqloom.test' });
    try {
      const first = await buildApp(config);
      // Written a second ago by the import of the process that is now gone.
      const left = await staging(first.ctx.db, 1, 1_000);
      await first.app.close();
      const again = await buildApp(config);
      try {
        expect(await stillThere(again.ctx.db, [left.id])).toEqual([]);
      } finally {
        await again.app.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
