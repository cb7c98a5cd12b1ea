import { openDatabase, type Database } from '@reqloom/server';

/** The bench's own database, emptied: its schemas are dropped, then the app migrates it afresh. */
export async function postgresDatabase(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  let client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const creator = new pg.Client({ connectionString: admin.toString() });
    await creator.connect();
    await creator.query(`CREATE DATABASE ${target.pathname.slice(1).replace(/\W/g, '')}`);
    await creator.end();
    // A pg client connects once: a new one for the database just made.
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
  return openDatabase({ databaseUrl: url, dataDir: null });
}
