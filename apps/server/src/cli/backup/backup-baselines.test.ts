import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBaselines } from '../../modules/baselines/baselines.compare';
import { loadBaselineDocument } from '../../modules/baselines/baselines.document';
import { tableRows } from '../../test/backup-files';
import { testDriver } from '../../test/database';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database';
import { createTestApp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';

// Baselines (decisions §22) in a backup and a restore (decisions §17): their tables are public tables like any other,
// so the catalog-driven backup takes them; restored, a baseline reads and compares as it did, shared storage included.

let t: TestApp;
let target: FreshDatabase;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-backup-baselines-'));
});
afterAll(async () => {
  await target?.drop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'baselines',
  'baseline_documents',
  'baseline_manifests',
  'baseline_manifest_categories',
  'baseline_states',
];

describe('backup and restore of baselines', () => {
  it('restores every baseline row for row, and each reads and compares as before', async () => {
    const owner = await t.signUp();
    const w = workingArea(owner);
    const project = await w.project();
    const urs = await w.document(project.id, 'URS');
    const srs = await w.document(project.id, 'SRS', [urs.id]);
    const need = await w.requirement(urs.id, 'Need');
    const category = await w.category(srs.id, 'INT');
    const a = await w.requirement(srs.id, 'Alpha', category.id);
    await w.ok('PUT', `/api/requirements/${a.id}`, { parents_id: [need.id] });
    const v1 = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'V1' });
    await w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha 2' });
    await w.requirement(srs.id, 'Beta');
    const v2 = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'V2' });

    const file = path.join(dir, 'baselines.backup');
    await writeBackup(t.ctx.database, file);
    target = await freshDatabase(testDriver);
    await restoreBackup(target.database, file);

    const [before, after] = [await tableRows(t.ctx.database), await tableRows(target.database)];
    for (const table of TABLES) {
      expect(after.get(table), table).toEqual(before.get(table));
      expect(before.get(table)?.length, table).toBeGreaterThan(0);
    }
    for (const id of [v1.id, v2.id])
      expect(await loadBaselineDocument(target.database.db, id, srs.id)).toEqual(
        await loadBaselineDocument(t.ctx.db, id, srs.id),
      );
    const compared = await compareBaselines(target.database.db, v1.id, v2.id);
    expect(compared).toEqual(await compareBaselines(t.ctx.db, v1.id, v2.id));
    expect(compared.counts).toEqual({ added: 1, removed: 0, changed: 1 });
  });
});
