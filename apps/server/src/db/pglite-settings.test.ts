import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from './client';
import { rowsOf } from './prepared';

// The embedded database's memory (issue 39): its shared buffers are what openPGlite sets, not PostgreSQL's 128 MB.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(async () => {
  await database.close();
});

describe('PGlite settings', () => {
  it('keeps 32 MB of shared buffers', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
    expect(row!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
  });
});
