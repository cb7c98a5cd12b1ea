import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../test/fresh-database';
import { migrationsFolder } from './client';
import { migrationsUpTo, openPGlite, openPostgres, type MigrationHandle } from '../test/old-database';

/**
 * Migration 0017 (project roles, decisions §20) on a database that already holds members: migrated up to 0016, given
 * members, then migrated on. Every member who existed before roles becomes maintainer, and afterwards a membership
 * must say its role (no default), one of the four.
 */

// Each Vitest project (server, server-pg) runs it on its own driver.
const driver = process.env.TEST_DRIVER === 'pg' ? 'postgres' : 'pglite';

describe(`migration 0017 on ${driver}`, () => {
  let db: MigrationHandle;
  let upTo16: string;

  beforeAll(async () => {
    upTo16 = migrationsUpTo(16);
    db = driver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!, 'm17');
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
