import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../test/fresh-database';

// An idle connection of the pool that PostgreSQL ends (a restart, pg_terminate_backend, a DROP DATABASE … WITH
// (FORCE)) is an 'error' of the pool: without a listener it ended the process (seen in CI, from a test's drop).

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase('postgres');
});
afterAll(async () => {
  await fresh.drop();
});

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('an idle connection ended by PostgreSQL', () => {
  it('does not end the process, and the next query gets another connection', async () => {
    const { db } = fresh.database;
    const [before] = rows<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      // Ended from another connection of the pool would be the one that asks; a client of its own does it.
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before!.pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [after] = rows<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
      expect(after!.pid).not.toBe(before!.pid);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
