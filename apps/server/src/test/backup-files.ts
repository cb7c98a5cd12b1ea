import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { query, readTables } from '../cli/backup/catalog';
import { rowsQuery } from '../cli/backup/backup';
import type { Database } from '../db/client';

/** Every row of every table as the backup writes it (JSON text), by table: what two databases compare by. */
export async function tableRows(database: Database): Promise<Map<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local bytea_output = 'hex'`);
    await tx.execute(sql`set local timezone = 'UTC'`);
    const rows = new Map<string, string[]>();
    for (const table of await readTables(tx))
      rows.set(
        table.name,
        (await query<{ line: string }>(tx, sql.raw(rowsQuery(table)))).map((r) => r.line),
      );
    return rows;
  });
}

/** The lines of a backup file, uncompressed (header first, trailer last). */
export function backupFileLines(file: string): string[] {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').replace(/\n$/, '').split('\n');
}

/**
 * Writes lines as a backup file whose trailer is made anew (row count and checksum of the lines as they are): a file
 * whose damage the checksum cannot see, so that what restore checks beyond it is tested.
 */
export function writeBackupLines(file: string, lines: string[]): void {
  const body = lines
    .slice(0, -1)
    .map((l) => `${l}\n`)
    .join('');
  const trailer = JSON.parse(lines.at(-1)!) as { rows: number };
  const sha256 = createHash('sha256').update(body).digest('hex');
  const rows = lines.length - 2;
  fs.writeFileSync(file, zlib.gzipSync(`${body}${JSON.stringify({ ...trailer, rows, sha256 })}\n`));
}
