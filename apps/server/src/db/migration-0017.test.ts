import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../test/fresh-database';
import { migrationsFolder } from './client';

/**
 * Migration 0017 (project roles, decisions §20) on a database that already holds members: migrated up to 0016, given
 * members, then migrated on. Every member who existed before roles becomes maintainer, and afterwards a membership
 * must say its role (no default), one of the four.
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
  const name = `reqloom_test_m17_${randomBytes(6).toString('hex')}`;
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

describe(`migration 0017 on ${driver}`, () => {
  let db: Handle;
  let upTo16: string;

  beforeAll(async () => {
    upTo16 = migrationsUpTo(16);
    db = driver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!);
    await db.migrate(upTo16);
    await db.query(
      `INSERT INTO users (id, name, username, email, password_hash, preferences) VALUES
         (1, 'Ann', 'ann', 'ann@example.com', 'x', '{}'),
         (2, 'Ben', 'ben', 'ben@example.com', 'x', '{}')`,
    );
    await db.query(
      `INSERT INTO projects (id, owner_type, owner_id, name, acronym, slug, join_token, settings)
       VALUES (1, 'user', 1, 'One', 'ONE', 'one', 't1', '{}')`,
    );
    await db.query(`INSERT INTO project_users (project_id, user_id) VALUES (1, 1), (1, 2)`);
  });

  afterAll(async () => {
    await db?.close();
    fs.rmSync(upTo16, { recursive: true, force: true });
  });

  it('makes every existing member maintainer, then asks every new membership for a known role', async () => {
    await db.migrate(migrationsFolder);
    const rows = await db.query('SELECT user_id, role FROM project_users ORDER BY user_id');
    expect(rows.map((r) => [r.user_id, r.role])).toEqual([
      [1, 'maintainer'],
      [2, 'maintainer'],
    ]);
    await db.query(`DELETE FROM project_users WHERE user_id = 2`);
    await expect(db.query(`INSERT INTO project_users (project_id, user_id) VALUES (1, 2)`)).rejects.toMatchObject({
      code: '23502',
    });
    await expect(
      db.query(`INSERT INTO project_users (project_id, user_id, role) VALUES (1, 2, 'owner')`),
    ).rejects.toMatchObject({ code: '23514' });
    await db.query(`INSERT INTO project_users (project_id, user_id, role) VALUES (1, 2, 'viewer')`);
  });
});
