import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { Agent } from '../../test/agent';
import { FIXTURE } from '../../test/backup-fixture';
import { backupFileLines, tableRows } from '../../test/backup-files';
import { testDriver } from '../../test/database';
import { freshDatabase, testPostgresUrl, type FreshDatabase } from '../../test/fresh-database';
import { migrationsUpTo, openPGlite, openPostgres, type MigrationHandle } from '../../test/old-database';
import { writeBackup } from './backup';
import { ident, readJournal, readSchemaVersion, readTables } from './catalog';
import { restoreBackup } from './restore';

// Backups across versions (decisions §26): a backup written by an older Reqloom restores into a newer one, migrated on
// the way. The fixture is a backup written by the version that added this test (fixtures/README.md): every later
// version must restore it and serve what it holds. A backup written at migration 0022, before 0023 moved baseline
// manifests into arrays, is made here from the same rows and must come out as the fixture does.

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'schema-0024.backup.gz');

let dir: string;
const opened: FreshDatabase[] = [];
const apps: BuiltApp[] = [];
let old: MigrationHandle | undefined;
let oldMigrations: string | undefined;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-backup-versions-'));
});
afterAll(async () => {
  for (const built of apps) await built.app.close();
  for (const database of opened) await database.drop();
  await old?.close();
  if (oldMigrations) fs.rmSync(oldMigrations, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

async function restored(file: string) {
  const target = await freshDatabase(testDriver);
  opened.push(target);
  const summary = await restoreBackup(target.database, file);
  return { target, summary };
}

/** What Olive sees of the fixture's project through the API of the restored database. */
async function served(target: FreshDatabase) {
  const built = await buildApp(
    loadConfig({ DATA_DIR: path.join(dir, `app-${apps.length}`), LOG_LEVEL: 'silent', APP_URL: 'http://reqloom.test' }),
    { database: target.database },
  );
  apps.push(built);
  const agent = new Agent(built.app);
  const login = await agent.post('/api/auth/login', { email: FIXTURE.owner.email, password: FIXTURE.owner.password });
  expect(login.statusCode).toBe(200);
  const get = async (url: string) => {
    const res = await agent.get(url);
    expect(res.statusCode, url).toBe(200);
    return res.data;
  };
  const projects = (await get('/api/user/projects')).data as { id: number; name: string }[];
  const project = projects.find((p) => p.name === FIXTURE.project.name)!;
  const documents = (await get(`/api/projects/documents/${project.id}`)).data as { id: number; acronym: string }[];
  const srs = documents.find((d) => d.acronym === 'SRS')!;
  const requirements = (await get(`/api/documents/requirements/${srs.id}`)).data as { name: string }[];
  const categories = (await get(`/api/documents/categories/${srs.id}`)).data as { name: string }[];
  const links = (await get(`/api/projects/requirementlinks/${project.id}`)).data as unknown[];
  const baselines = (await get(`/api/projects/baselines/${project.id}`)).data as { id: number; name: string }[];
  const baseline = baselines.find((b) => b.name === FIXTURE.baseline)!;
  const kept = (await get(`/api/baselines/requirements/${baseline.id}?document_id=${srs.id}`)).data as {
    name: string;
  }[];
  const reviews = (await get(`/api/projects/reviews/${project.id}`)).data as { title: string }[];
  const audit = (await get(`/api/projects/audit/${project.id}`)).data as unknown[];
  return {
    documents: documents.map((d) => d.acronym).sort(),
    requirements: requirements.map((r) => r.name).sort(),
    categories: categories.map((c) => c.name),
    links: links.length,
    baselines: baselines.map((b) => b.name).sort(),
    kept: kept.map((r) => r.name).sort(),
    reviews: reviews.map((r) => r.title),
    audited: audit.length > 0,
  };
}

const asServed = {
  documents: ['SRS', 'URS'],
  requirements: ['Brake lights', 'Braking, within 40 m'],
  categories: ['Interfaces'],
  links: 2,
  baselines: [`Review: ${FIXTURE.review}`, FIXTURE.baseline].sort(),
  // The baseline keeps the name of before the change.
  kept: ['Brake lights', 'Braking'],
  reviews: [FIXTURE.review],
  audited: true,
};

describe(`backups across versions, on ${testDriver}`, () => {
  it('restores the backup that the version of this test wrote, and serves what it holds', async () => {
    const { target, summary } = await restored(fixture);
    expect(summary.header.schema.last).toBe('0024_spreadsheet_plans');
    expect(summary.rows).toBe(50);
    expect(await readSchemaVersion(target.database.db)).toEqual({
      migrations: readJournal().entries.length,
      last: readJournal().entries.at(-1)!.tag,
      when: readJournal().entries.at(-1)!.when,
    });
    expect(await served(target)).toEqual(asServed);
  }, 240_000);

  it('restores a backup written at migration 0022, migrated through 0023 (manifests as arrays) to today', async () => {
    // Today's rows of the fixture, written into a database of migration 0022: the manifests' arrays as the rows of
    // the two tables that 0023 folded into them.
    const { target: today } = await restored(fixture);
    const rows = await tableRows(today.database);
    oldMigrations = migrationsUpTo(22);
    old = testDriver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!, `${process.pid}_bv`);
    await old.migrate(oldMigrations);
    const manifests = rows.get('baseline_manifests')!.map(
      (line) =>
        JSON.parse(line) as {
          id: number;
          requirement_ids: number[];
          state_ids: number[];
          positions: number[];
          link_parent_ids: number[];
          link_child_ids: number[];
          link_up_to_date: boolean[];
        },
    );
    const oldRows = new Map(rows);
    oldRows.set(
      'baseline_manifest_requirements',
      manifests.flatMap((m) =>
        m.requirement_ids.map((id, i) =>
          JSON.stringify({ manifest_id: m.id, requirement_id: id, state_id: m.state_ids[i], position: m.positions[i] }),
        ),
      ),
    );
    oldRows.set(
      'baseline_manifest_links',
      manifests.flatMap((m) =>
        m.link_parent_ids.map((parent, i) =>
          JSON.stringify({
            manifest_id: m.id,
            parent_id: parent,
            child_id: m.link_child_ids[i],
            up_to_date: m.link_up_to_date[i],
          }),
        ),
      ),
    );
    expect(oldRows.get('baseline_manifest_requirements')!.length).toBeGreaterThan(0);
    expect(oldRows.get('baseline_manifest_links')!.length).toBeGreaterThan(0);
    await old.database.db.transaction(async (tx) => {
      for (const table of await readTables(tx)) {
        const lines = oldRows.get(table.name) ?? [];
        if (lines.length === 0) continue;
        const columns = table.columns.map(ident).join(', ');
        await tx.execute(sql.raw(`alter table ${ident(table.name)} disable trigger user`));
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${ident(table.name)},`)} ${`[${lines.join(',')}]`}::json)`,
        );
        await tx.execute(sql.raw(`alter table ${ident(table.name)} enable trigger user`));
      }
    });
    const file = path.join(dir, 'schema-0022.backup.gz');
    await writeBackup(old.database, file);
    const header = JSON.parse(backupFileLines(file)[0]!) as { schema: { last: string }; tables: { name: string }[] };
    expect(header.schema.last).toBe('0022_reviews');
    expect(header.tables.map((t) => t.name)).toContain('baseline_manifest_links');

    const { target } = await restored(file);
    // Today's schema, with every row as the fixture restored today holds it, manifests' arrays included.
    expect((await readSchemaVersion(target.database.db)).last).toBe(readJournal().entries.at(-1)!.tag);
    const after = await tableRows(target.database);
    expect([...after.keys()].sort()).toEqual([...rows.keys()].sort());
    for (const [table, lines] of rows) expect(after.get(table), table).toEqual(lines);
    expect(await served(target)).toEqual(asServed);
    // Drizzle's table holds every migration, as after an upgrade: the next start has nothing left to apply.
    expect((await readSchemaVersion(target.database.db)).migrations).toBe(readJournal().entries.length);
  }, 300_000);
});
