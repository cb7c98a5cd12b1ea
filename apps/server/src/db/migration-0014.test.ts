import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../test/fresh-database';
import { migrationsFolder } from './client';

/**
 * Migration 0014 on a database that already holds documents sharing an acronym: migrated up to 0013, given the
 * clashes, then migrated on. The later document (by id) is renamed within the project's acronymMaxSize, the rename
 * is reported, and the unique index is in place.
 */

/** A copy of the migrations that stops after `last` (the journal is what the migrators read). */
function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Handle = {
  query(sql: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  notices: string[];
  close(): Promise<void>;
};

async function openPGlite(): Promise<Handle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ extensions: { unaccent, pg_trgm } });
  const db = drizzle(client);
  return {
    query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    notices: [],
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Handle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const name = `reqloom_test_m14_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  const db = drizzle(client);
  return {
    query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    notices,
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

// Each Vitest project (server, server-pg) runs it on its own driver.
const driver = process.env.TEST_DRIVER === 'pg' ? 'postgres' : 'pglite';

describe(`migration 0014 on ${driver}`, () => {
  let db: Handle;
  let upTo13: string;

  beforeAll(async () => {
    upTo13 = migrationsUpTo(13);
    db = driver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!);
    await db.migrate(upTo13);
    await db.query(
      `INSERT INTO users (id, name, username, email, password_hash, preferences)
       VALUES (1, 'Ann', 'ann', 'ann@example.com', 'x', '{}')`,
    );
    await db.query(
      `INSERT INTO projects (id, owner_type, owner_id, name, acronym, slug, join_token, settings) VALUES
         (1, 'user', 1, 'One', 'ONE', 'one', 't1', '{}'),
         (2, 'user', 1, 'Two', 'TWO', 'two', 't2', '{"acronymMaxSize": 3}'),
         (3, 'user', 1, 'Three', 'THR', 'three', 't3', '{}')`,
    );
    await db.query(
      `INSERT INTO documents (id, project_id, name, acronym) VALUES
         (1, 1, 'System Requirements', 'SR'),
         (2, 1, 'Software Requirements', 'SR'),
         (3, 1, 'Safety Rules', 'sr'),
         (4, 1, 'Second release', 'SR2'),
         (5, 2, 'Flight', 'FLI'),
         (6, 2, 'Flight bis', 'FLI'),
         (7, 3, 'System Requirements', 'SR')`,
    );
  });

  afterAll(async () => {
    await db?.close();
    fs.rmSync(upTo13, { recursive: true, force: true });
  });

  it('renames the later documents of a clash, keeps the others, then holds the rule with an index', async () => {
    await db.migrate(migrationsFolder);
    const rows = await db.query('SELECT id, acronym, version FROM documents ORDER BY id');
    expect(rows.map((r) => [r.id, r.acronym])).toEqual([
      [1, 'SR'],
      [2, 'SR3'],
      [3, 'SR4'],
      [4, 'SR2'],
      [5, 'FLI'],
      [6, 'FL2'],
      [7, 'SR'],
    ]);
    expect(rows.find((r) => r.id === 2)!.version).toBe(2);
    expect(rows.find((r) => r.id === 1)!.version).toBe(1);
    await expect(
      db.query(`INSERT INTO documents (project_id, name, acronym) VALUES (1, 'Again', 'fli2'), (1, 'Again', 'FLI2')`),
    ).rejects.toMatchObject({ code: '23505' });
    if (driver === 'postgres')
      expect(db.notices).toContain(
        'reqloom 0014: document 2 of project 1 renamed from SR to SR3: another document had that acronym',
      );
  });
});
