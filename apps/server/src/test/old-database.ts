import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, type Database, type Db } from '../db/client';

// A database as an older version left it, for the tests of one migration: an empty PGlite or a scratch PostgreSQL
// database (named after `label`), migrated by the test up to a chosen migration, given rows, then migrated on.

/** A copy of the migrations that stops after `last` (the journal is what the migrators read). */
export function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export type MigrationHandle = {
  query(sql: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  notices: string[];
  /** The database as the backup reads it (drizzle without today's schema: only SQL is run through it). */
  database: Pick<Database, 'db' | 'driver'>;
  close(): Promise<void>;
};

export async function openPGlite(): Promise<MigrationHandle> {
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
    database: { db: db as unknown as Db, driver: 'pglite' },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, label: string): Promise<MigrationHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const name = `reqloom_test_${label}_${randomBytes(6).toString('hex')}`;
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
    database: { db: db as unknown as Db, driver: 'postgres' },
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
