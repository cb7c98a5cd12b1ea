import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client';
import { rowsOf } from './prepared';

type JournalEntry = { when: number; tag: string };

/** drizzle-kit's list of this code's migrations; drizzle records each applied one by its `when`. */
export function journalEntries(): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/**
 * The migrations of this code that the database has not applied (their tags, in order): the journal compared with
 * drizzle's table. A database never migrated has no such table, and so misses them all.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  const applied = new Set<number>();
  if (table?.name)
    for (const row of rowsOf<{ when: string }>(
      await db.execute(sql`select created_at::text as "when" from drizzle.__drizzle_migrations`),
    ))
      applied.add(Number(row.when));
  return journalEntries()
    .filter((entry) => !applied.has(entry.when))
    .map((entry) => entry.tag);
}
