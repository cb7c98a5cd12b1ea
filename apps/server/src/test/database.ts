import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';

let shared: Promise<Database> | undefined;

/** The driver this test run targets: PGlite by default, PostgreSQL in the `server-pg` project. */
export const testDriver = process.env.TEST_DRIVER === 'pg' ? 'postgres' : 'pglite';

async function postgresForWorker(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DRIVER=pg needs TEST_DATABASE_URL');
  // Each Vitest worker gets its own database, so that workers never truncate each other's tables;
  // TEST_DATABASE_PREFIX keeps two checkouts testing on one server apart.
  const prefix = (process.env.TEST_DATABASE_PREFIX ?? 'reqloom_test').replace(/\W/g, '');
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? '1'}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Made anew for each run: a database left by another checkout or branch may hold migrations this code does not
    // know (its schema then differs, and restores of this code's backups refuse it).
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return openDatabase({ databaseUrl: target.toString(), dataDir: null });
}

/** One database per worker (opening PGlite takes seconds), shared by the test files the worker runs. */
export function sharedTestDatabase(): Promise<Database> {
  shared ??= testDriver === 'postgres' ? postgresForWorker() : openDatabase({ dataDir: null });
  return shared;
}

/** Empties every table of the application, so that each test file starts from nothing. */
export async function truncateAll(database: Database): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as {
    tablename: string;
  }[];
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}
