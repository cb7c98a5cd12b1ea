import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../test/fresh-database';
import { migrationsFolder } from './client';
import { migrationsUpTo, openPGlite, openPostgres, type MigrationHandle } from '../test/old-database';

/**
 * Migration 0023 (issue 35: a manifest's requirements and links as arrays on its row) on a database that already holds
 * baselines: migrated up to 0021, given manifests with rows of requirements and links, then migrated on. Each
 * manifest keeps its requirements in id order and its links in (parent, child) order, with their states, places and
 * marks; a manifest without links gets empty arrays; the row tables are gone.
 */

// Each Vitest project (server, server-pg) runs it on its own driver.
const driver = process.env.TEST_DRIVER === 'pg' ? 'postgres' : 'pglite';

describe(`migration 0023 on ${driver}`, () => {
  let db: MigrationHandle;
  let upTo21: string;

  beforeAll(async () => {
    upTo21 = migrationsUpTo(21);
    db = driver === 'pglite' ? await openPGlite() : await openPostgres(testPostgresUrl()!, 'm23');
    await db.migrate(upTo21);
    await db.query(
      `INSERT INTO users (id, name, username, email, password_hash, preferences)
       VALUES (1, 'Ann', 'ann', 'ann@example.com', 'x', '{}')`,
    );
    await db.query(
      `INSERT INTO projects (id, owner_type, owner_id, name, acronym, slug, join_token, settings)
       VALUES (1, 'user', 1, 'One', 'ONE', 'one', 't1', '{}')`,
    );
    await db.query(`INSERT INTO baseline_states (id, project_id, hash, content) VALUES
      (1, 1, '\\x01', '{"name": "a"}'), (2, 1, '\\x02', '{"name": "b"}'), (3, 1, '\\x03', '{"name": "c"}')`);
    await db.query(`INSERT INTO baseline_manifests (id, project_id, document_id, hash) VALUES
      (1, 1, 10, '\\x10'), (2, 1, 11, '\\x11')`);
    await db.query(`INSERT INTO baseline_manifest_requirements (manifest_id, requirement_id, state_id, position) VALUES
      (1, 30, 3, 1), (1, 20, 1, 2), (1, 25, 2, 0), (2, 40, 2, 0)`);
    await db.query(`INSERT INTO baseline_manifest_links (manifest_id, parent_id, child_id, up_to_date) VALUES
      (1, 20, 40, false), (1, 5, 30, true), (1, 5, 25, true)`);
  });

  afterAll(async () => {
    await db?.close();
    fs.rmSync(upTo21, { recursive: true, force: true });
  });

  it('carries every manifest row into its arrays, in id order, and drops the row tables', async () => {
    await db.migrate(migrationsFolder);
    const rows = await db.query(
      `SELECT id, requirement_ids, state_ids, positions, link_parent_ids, link_child_ids, link_up_to_date
         FROM baseline_manifests ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: 1,
        requirement_ids: [20, 25, 30],
        state_ids: [1, 2, 3],
        positions: [2, 0, 1],
        link_parent_ids: [5, 5, 20],
        link_child_ids: [25, 30, 40],
        link_up_to_date: [true, true, false],
      },
      {
        id: 2,
        requirement_ids: [40],
        state_ids: [2],
        positions: [0],
        link_parent_ids: [],
        link_child_ids: [],
        link_up_to_date: [],
      },
    ]);
    const tables = await db.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_name IN ('baseline_manifest_requirements', 'baseline_manifest_links')`,
    );
    expect(tables).toEqual([]);
  });
});
