import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client';

export type FreshDatabase = { database: Database; driver: 'pglite' | 'postgres'; drop(): Promise<void> };

/** The server of the PostgreSQL runs, if one is given (TEST_DATABASE_URL). */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * A new, empty, migrated database of its own (not the worker's shared one): an in-memory PGlite, or a PostgreSQL
 * database with a unique name on the test server, dropped by `drop`.
 */
export async function freshDatabase(driver: 'pglite' | 'postgres'): Promise<FreshDatabase> {
  if (driver === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    return { database, driver, drop: () => database.close() };
  }
  const url = testPostgresUrl();
  if (!url) throw new Error('a fresh PostgreSQL database needs TEST_DATABASE_URL');
  const prefix = (process.env.TEST_DATABASE_PREFIX ?? 'reqloom_test').replace(/\W/g, '');
  const name = `${prefix}_fresh_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
  return {
    database,
    driver,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
