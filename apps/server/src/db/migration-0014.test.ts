import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../test/fresh-database';
import { migrationsFolder } from './client';
import { migrationsUpTo, openPGlite, openPostgres, type MigrationHandle } from '../test/old-database';

/**
 * Migration 0014 on a database that already holds documents sharing an acronym: migrated up to 0013, given the
 * clashes, then migrated on. The later document (by id) is renamed within the project's acronymMaxSize, the rename
 * is reported, and the unique index is in place.
 */

// Each Vitest project (server, server-pg) runs it on its own driver.
const driver = process.env.TEST_DRIVER === 'pg' ? 'postgres' : 'pglite';

describe(`migration 0014 on ${driver}`, () => {
  let db: MigrationHandle;
  let upTo13: string;

  beforeAll(async () => {
    upTo13 = migrationsUpTo(13);
    db = driver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!, 'm14');
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
