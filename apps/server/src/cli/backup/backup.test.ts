import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { comments, documents, projects, requirements } from '../../db/schema';
import { backupFileLines, tableRows, writeBackupLines } from '../../test/backup-files';
import { testDriver } from '../../test/database';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database';
import { createTestApp, type TestApp } from '../../test/harness';
import { until } from '../../test/collaboration-client';
import { seedDemo } from '../demo/seed-demo';
import { writeBackup } from './backup';
import { query, readJournal, readSchemaVersion } from './catalog';
import { BackupFileError, RestoreRefusedError } from './format';
import { readBackup, restoreBackup } from './restore';

let t: TestApp;
let dir: string;
let target: FreshDatabase;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-backup-test-'));
  const seeded = await seedDemo(t.ctx, { email: 'backup-demo@example.com', password: 'demo password' });
  if (!seeded.ok) throw new Error(seeded.message);
});
afterAll(async () => {
  await target?.drop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const numberOf = (line: string) => Number(/"name":"w-(\d+)"/.exec(line)?.[1] ?? /"content":"w-(\d+)"/.exec(line)?.[1]);
const isWrite = (line: string) => /"(name|content)":"w-\d+"/.test(line);

describe('backup', () => {
  it('taken while writes stream in, restores to exactly the rows of its snapshot', async () => {
    const [project] = await t.ctx.db.select().from(projects);
    const [document] = await t.ctx.db.select().from(documents).where(eq(documents.projectId, project!.id)).limit(1);
    // Each write adds a requirement and a comment on it in one transaction: a snapshot holds both or neither, and
    // holds writes 0…k with none missing.
    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await t.ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(requirements)
            .values({
              documentId: document!.id,
              referenceNumber: 10_000 + written,
              name: `w-${written}`,
              position: 10_000 + written,
            })
            .returning({ id: requirements.id });
          await tx.insert(comments).values({ projectId: project!.id, requirementId: row!.id, content: `w-${written}` });
        });
        written += 1;
        // PGlite answers without leaving the microtask queue: let timers (and the backup) run between writes.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await until(() => written >= 10);
    const file = path.join(dir, 'live.backup');
    const summary = await writeBackup(t.ctx.database, file);
    const afterBackup = written;
    // Password hashes and every project: the owner's alone.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // On PGlite the writer waited for the backup's transaction; on PostgreSQL it went on beside it.
    await until(() => written >= afterBackup + 5);
    stop = true;
    await writer;

    target = await freshDatabase(testDriver);
    const restored = await restoreBackup(target.database, file);
    expect(restored.rows).toBe(summary.rows);
    const after = await tableRows(target.database);
    const names = after.get('requirements')!.filter(isWrite).map(numberOf);
    const k = Math.max(...names);
    expect(names.sort((a, b) => a - b)).toEqual(Array.from({ length: k + 1 }, (_, i) => i));
    expect(k).toBeGreaterThanOrEqual(9);
    expect(k).toBeLessThan(written - 1);

    // Every table as the source has it now, less the writes that came after the snapshot.
    const source = await tableRows(t.ctx.database);
    for (const [table, lines] of source) {
      const expected = lines.filter((line) => !(isWrite(line) && numberOf(line) > k));
      expect(after.get(table), table).toEqual(expected);
    }
    expect(summary.header.tables.map((x) => x.name).sort()).toEqual([...source.keys()].sort());
    // Restore builds the indexes at its end: all of them are back, as the migrations made them.
    const indexes = (database: FreshDatabase['database']) =>
      query<{ name: string; definition: string }>(
        database.db,
        sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public' order by 1`,
      );
    const sourceIndexes = await indexes(t.ctx.database);
    expect(sourceIndexes.length).toBeGreaterThan(40);
    expect(await indexes(target.database)).toEqual(sourceIndexes);
  }, 120_000);
});

describe('restore refuses', () => {
  let good: string;
  let empty: FreshDatabase;
  beforeAll(async () => {
    good = path.join(dir, 'good.backup');
    await writeBackup(t.ctx.database, good);
    empty = await freshDatabase(testDriver);
  });
  afterAll(async () => {
    await empty.drop();
  });

  const stillEmpty = async () => {
    for (const [table, rows] of await tableRows(empty.database)) expect(rows, table).toEqual([]);
  };
  const variant = (name: string, make: (lines: string[]) => string[]) => {
    const file = path.join(dir, name);
    writeBackupLines(file, make(backupFileLines(good)));
    return file;
  };

  it('a database that is not empty, and leaves it as it was', async () => {
    const before = await tableRows(t.ctx.database);
    const refusal = restoreBackup(t.ctx.database, good);
    await expect(refusal).rejects.toThrow(RestoreRefusedError);
    await expect(refusal).rejects.toThrow(
      /The database is not empty \(users, .*\): a backup is restored into an empty/,
    );
    expect(await tableRows(t.ctx.database)).toEqual(before);
  });

  it('damaged, truncated and foreign files, with a message that says which, and changes nothing', async () => {
    const bytes = fs.readFileSync(good);
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.backup', bytes.subarray(0, Math.floor(bytes.length / 2)), /is truncated/],
      [
        'flipped.backup',
        Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length / 2) ? b ^ 0xff : b))),
        /damaged|truncated/,
      ],
      ['text.backup', Buffer.from('id,name\n1,hello\n'), /is not a Reqloom backup/],
      ['other.gz', zlib.gzipSync('{"hello":"world"}\n'), /is not a Reqloom backup/],
      ['empty.backup', Buffer.alloc(0), /is empty, not a Reqloom backup/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const refusal = restoreBackup(empty.database, file);
      await expect(refusal, name).rejects.toThrow(BackupFileError);
      await expect(refusal, name).rejects.toThrow(message);
    }
    // Valid gzip, but a row changed after the checksum was taken.
    const lines = backupFileLines(good);
    const changed = lines.map((l, i) => (i === 5 ? l.replace(/"id":(\d+)/, '"id":9$1') : l));
    const tampered = path.join(dir, 'tampered.backup');
    fs.writeFileSync(tampered, zlib.gzipSync(`${changed.join('\n')}\n`));
    await expect(restoreBackup(empty.database, tampered)).rejects.toThrow(/checksum does not match/);
    // Rows missing at the end (the file cut at a line, trailer made anew).
    const cut = variant('cut.backup', (l) => [...l.slice(0, -4), l.at(-1)!]);
    await expect(restoreBackup(empty.database, cut)).rejects.toThrow(/do not end where its header says|truncated/);
    await stillEmpty();
  });

  it('a backup of a newer schema, and one of an older schema', async () => {
    const withSchema = (name: string, shift: number) =>
      variant(name, (lines) => {
        const header = JSON.parse(lines[0]!) as { schema: { migrations: number; when: number; last: string } };
        header.schema = {
          migrations: header.schema.migrations + shift,
          when: header.schema.when + shift,
          last: `00${header.schema.migrations + shift}_x`,
        };
        return [JSON.stringify(header), ...lines.slice(1)];
      });
    await expect(restoreBackup(empty.database, withSchema('newer.backup', 1))).rejects.toThrow(
      /comes from a newer Reqloom \(database schema \d+_x; this one is at \d+_\w+\)\. Upgrade Reqloom/,
    );
    // A schema that no migration of this Reqloom made (a time stamp of none of them) is not guessed at.
    await expect(restoreBackup(empty.database, withSchema('unknown.backup', -1))).rejects.toThrow(
      /database schema \(\d+_x, of \d+\) is none that this Reqloom knows/,
    );
    // One that names an older migration but holds today's tables: rebuilt at that migration, the schema has no room
    // for them, and the whole restore (the rebuilt schema included) rolls back.
    const older = variant('older.backup', (lines) => {
      const header = JSON.parse(lines[0]!) as { schema: { migrations: number; when: number; last: string } };
      const [entry] = readJournal().entries.filter((e) => e.idx === 21);
      header.schema = { migrations: 22, when: entry!.when, last: entry!.tag };
      return [JSON.stringify(header), ...lines.slice(1)];
    });
    await expect(restoreBackup(empty.database, older)).rejects.toThrow(/does not match the backup's schema/);
    await stillEmpty();
    expect(await readSchemaVersion(empty.database.db)).toEqual(await readSchemaVersion(t.ctx.db));
  });

  it('rolls back whole when a row fails halfway (a file whose checksum is right, made by hand)', async () => {
    // The last row of the file refers to a row that does not exist: every row before it went in first.
    const broken = variant('broken.backup', (lines) =>
      lines.map((l, i) => (i === lines.length - 2 ? l.replace(/"(\w+_id)":(\d+)/, '"$1":987654') : l)),
    );
    expect(backupFileLines(broken).at(-2)).toMatch(/_id":987654/);
    expect((await readBackup(broken)).format).toBe('reqloom-backup');
    await expect(restoreBackup(empty.database, broken)).rejects.toThrow();
    await stillEmpty();
    // And the same database then takes the good file.
    const restored = await restoreBackup(empty.database, good);
    expect(restored.rows).toBeGreaterThan(200);
  });
});

describe('backup and staging projects', () => {
  it("leaves out an import's staging project and all it holds, and restores to the same rows", async () => {
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.ownerType, 'user')).limit(1);
    // An import under way (or left by a dead process): a staging project holding a document and a requirement.
    const [staging] = await t.ctx.db
      .insert(projects)
      .values({
        ownerType: 'import',
        ownerId: project!.id,
        name: 'Staged project',
        acronym: 'STG',
        slug: 'staging-backup-test',
        joinToken: 'staging-backup-test',
      })
      .returning();
    const [document] = await t.ctx.db
      .insert(documents)
      .values({ projectId: staging!.id, name: 'Half-written-document', acronym: 'HW' })
      .returning();
    await t.ctx.db
      .insert(requirements)
      .values({ documentId: document!.id, referenceNumber: 1, name: 'Half-written-requirement', position: 0 });
    const file = path.join(dir, 'staging.backup');
    try {
      const summary = await writeBackup(t.ctx.database, file);
      const lines = backupFileLines(file);
      expect(lines.filter((l) => l.includes('Half-written') || l.includes('"owner_type":"import"'))).toEqual([]);
      expect(summary.rows).toBe(lines.length - 2);
      const fresh = await freshDatabase(testDriver);
      try {
        const restored = await restoreBackup(fresh.database, file);
        expect(restored.rows).toBe(summary.rows);
        const counts = await query<{ n: number }>(
          fresh.database.db,
          sql`select (select count(*) from projects where owner_type = 'import')
            + (select count(*) from documents where name = 'Half-written-document')
            + (select count(*) from requirements where name = 'Half-written-requirement') as n`,
        );
        expect(Number(counts[0]!.n)).toBe(0);
        expect(await tableRows(fresh.database)).toEqual(await tableRows(t.ctx.database));
      } finally {
        await fresh.drop();
      }
    } finally {
      await t.ctx.db.delete(projects).where(eq(projects.id, staging!.id));
    }
  }, 120_000);
});
