import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditStatements } from '../../core/audit';
import { auditEntries } from '../../db/schema';
import type { Database } from '../../db/client';
import { tableRows } from '../../test/backup-files';
import { testDriver } from '../../test/database';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database';
import { createTestApp, unique, type TestApp } from '../../test/harness';
import { joinAs } from '../../test/members';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';

// The audit trail (decisions §21) in a backup and a restore (decisions §17). A restore loads a whole database into an
// empty one, the trail with it: it is kept exactly as it was (ids, moments, actors), writes no entry of its own, and
// the trail goes on from there, still refusing to be rewritten.

let t: TestApp;
let target: FreshDatabase;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-backup-audit-'));
});
afterAll(async () => {
  await target?.drop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const entriesOf = (database: Database) => database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

describe('backup and restore of the audit trail', () => {
  it('restores every entry as it was, adds none, and the trail goes on after them, still never rewritten', async () => {
    const owner = await t.signUp({ name: 'Rita Restore' });
    const create = (name: string) =>
      owner.agent.post('/api/projects', { name, acronym: 'BAK', slug: unique('bak'), group_id: null });
    const project = (await create('Kept')).data.data;
    const member = await t.signUp();
    await joinAs(t, owner, project, member, 'viewer');
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'Kept, renamed' });
    // A deleted project's entry outlives it, with no project: it is in the backup too.
    const gone = (await create('Gone')).data.data;
    expect((await owner.agent.delete(`/api/projects/${gone.id}`)).statusCode).toBe(204);

    const before = await entriesOf(t.ctx.database);
    expect(before.map((e) => e.action)).toEqual(
      expect.arrayContaining(['created', 'member_joined', 'member_role_changed', 'updated', 'deleted']),
    );
    expect(before.some((e) => e.projectId === null)).toBe(true);

    const file = path.join(dir, 'audit.backup');
    await writeBackup(t.ctx.database, file);
    target = await freshDatabase(testDriver);
    await restoreBackup(target.database, file);

    // Every row as the backup wrote it: the trail is the same, entry for entry, and nothing was added.
    expect((await tableRows(target.database)).get('audit_entries')).toEqual(
      (await tableRows(t.ctx.database)).get('audit_entries'),
    );
    const after = await entriesOf(target.database);
    expect(after).toEqual(before);

    // The database still refuses to rewrite it: its trigger was switched back on.
    await expect(target.database.db.update(auditEntries).set({ actorName: 'someone else' })).rejects.toThrow();
    await expect(target.database.db.execute(sql`delete from audit_entries`)).rejects.toThrow();
    expect(await entriesOf(target.database)).toEqual(before);

    // New entries take ids past the restored ones (the identity's sequence was restored).
    const statements = await auditStatements(target.database.db, { type: 'cli' }, [
      {
        projectId: project.id,
        fact: { action: 'updated', entityType: 'project', entityId: project.id, reference: 'Kept, renamed' },
      },
    ]);
    for (const statement of statements) await statement;
    const next = await entriesOf(target.database);
    expect(next).toHaveLength(before.length + 1);
    expect(next.at(-1)!.id).toBeGreaterThan(Math.max(...before.map((e) => e.id)));
  });
});
