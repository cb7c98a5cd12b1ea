import type { AuditChanges } from '@reqloom/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestDatabase, truncateAll } from '../test/database';
import type { Database } from './client';
import { auditEntries } from './schema';

// The tailed transaction on the driver of the run (PGlite, or PostgreSQL in server-pg): the tail is written
// exactly, after the body, in the body's transaction; a tail that fails takes the body's writes with it.

let database: Database;

beforeAll(async () => {
  database = await sharedTestDatabase();
  await truncateAll(database);
});

const entry = (reference: string, changes: AuditChanges = {}, projectId: number | null = null) => ({
  projectId,
  actorType: 'cli' as const,
  actorName: 'tester',
  action: 'updated' as const,
  entityType: 'project' as const,
  entityReference: reference,
  changes,
});

describe('a tailed transaction', () => {
  it('writes the tail as given, quotes, backslashes and JSON included', async () => {
    const awkward = `O'Brien \\ "quoted" $1 $$ ; commit; é 漢字 \n line`;
    const changes: AuditChanges = {
      name: { old: `it's`, new: 'back\\slash "and" $2' },
      list: { old: [1, null], new: [] },
    };
    const result = await database.tailedTransaction(async (tx) => ({
      result: 'done',
      tail: [tx.insert(auditEntries).values([entry(awkward, changes), entry('second')])],
    }));
    expect(result).toBe('done');
    const rows = await database.db
      .select({ reference: auditEntries.entityReference, changes: auditEntries.changes })
      .from(auditEntries)
      .where(eq(auditEntries.actorName, 'tester'))
      .orderBy(auditEntries.id);
    expect(rows).toEqual([
      { reference: awkward, changes },
      { reference: 'second', changes: {} },
    ]);
  });

  it('rolls the body back when the tail fails, and the database serves on', async () => {
    const before = await database.db.$count(auditEntries);
    const attempt = database.tailedTransaction(async (tx) => {
      await tx.insert(auditEntries).values(entry('written by the body'));
      // No such project: the entry's foreign key refuses it.
      return { result: null, tail: [tx.insert(auditEntries).values(entry('dangling', {}, 2_000_000_000))] };
    });
    await expect(attempt).rejects.toThrow();
    // Read after the failure, through the same pool: the database serves on.
    expect(await database.db.$count(auditEntries)).toBe(before);
  });

  it('runs a body that has no tail', async () => {
    const written = await database.tailedTransaction(async (tx) => {
      const [row] = await tx.insert(auditEntries).values(entry('no tail')).returning({ id: auditEntries.id });
      return { result: row!.id, tail: [] };
    });
    const [row] = await database.db.select().from(auditEntries).where(eq(auditEntries.id, written));
    expect(row?.entityReference).toBe('no tail');
  });
});
