import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { ident, query, readSchemaVersion, readSequences, readTables, type TableInfo } from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  newHash,
  type BackupHeader,
  type BackupSequence,
  type BackupTrailer,
} from './format';

const FETCH_ROWS = 500;
const CURSOR = 'reqloom_backup_rows';

export type BackupSummary = { file: string; bytes: number; rows: number; tables: number; header: BackupHeader };

/** The rows a backup keeps of a table aliased `r`: all but those of an import's staging project (catalog.ts). */
export const keptRows = (table: TableInfo) => (table.staged === null ? '' : `where not (${table.staged})`);

/** The rows of a table as JSON text, in a stable order: by primary key, parents before children for a tree. */
export function rowsQuery(table: TableInfo): string {
  const columns = table.columns.map(ident).join(', ');
  const key = table.primaryKey.map(ident).join(', ');
  const t = ident(table.name);
  const kept = keptRows(table);
  if (table.selfReference === null)
    return `select to_json(x)::text as line from (select ${columns} from ${t} r ${kept} order by ${key}) x`;
  // A row whose parent has a greater key (moved since) must still come after it: order by depth in the tree.
  const [pk] = table.primaryKey;
  const parent = ident(table.selfReference);
  return `with recursive tree (id, depth) as (
      select ${ident(pk!)}, 0 from ${t} where ${parent} is null
      union all select c.${ident(pk!)}, tree.depth + 1 from ${t} c join tree on c.${parent} = tree.id)
    select to_json(x)::text as line from (
      select ${table.columns.map((c) => `r.${ident(c)}`).join(', ')} from ${t} r join tree on tree.id = r.${ident(pk!)}
      ${kept} order by tree.depth, r.${ident(pk!)}) x`;
}

/**
 * Writes a backup of every table of the database to `file`, from one snapshot: a read-only REPEATABLE READ
 * transaction, so that writes committed meanwhile are in none of it or all of it. Rows stream through a cursor
 * into gzip; the file appears under its name only once complete (written beside it, then renamed).
 */
export async function writeBackup(database: Pick<Database, 'db' | 'driver'>, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  const gzip = zlib.createGzip({ level: 6 });
  // It holds password hashes and every project: readable by its owner only, like DATA_DIR's socket.
  const output = fs.createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(output);
  const closed = once(output, 'close');
  const hash = newHash();
  let failure: unknown;
  gzip.on('error', (error) => (failure ??= error));
  output.on('error', (error) => (failure ??= error));

  const write = async (line: string) => {
    if (failure) throw failure as Error;
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    hash.update(bytes);
    if (!gzip.write(bytes)) await once(gzip, 'drain');
  };

  try {
    const summary = await database.db.transaction(
      async (tx) => {
        // Values as PostgreSQL writes them, the same on every server whatever its settings.
        await tx.execute(sql`set local bytea_output = 'hex'`);
        await tx.execute(sql`set local timezone = 'UTC'`);
        const tables = await readTables(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          schema: await readSchemaVersion(tx),
          createdAt: new Date().toISOString(),
          source: database.driver,
          tables: [],
          sequences: await sequenceValues(tx),
        };
        for (const table of tables) {
          const [count] = await query<{ n: number }>(
            tx,
            sql.raw(`select count(*)::int as n from ${ident(table.name)} r ${keptRows(table)}`),
          );
          header.tables.push({ name: table.name, columns: table.columns, rows: Number(count!.n) });
        }
        await write(JSON.stringify(header));
        let rows = 0;
        for (const [i, table] of tables.entries()) {
          const written = await writeRows(tx, table, write);
          // Within one snapshot the count cannot change; a tree with a cycle would lose rows, and that must not pass.
          if (written !== header.tables[i]!.rows)
            throw new Error(`${table.name}: ${written} rows written of ${header.tables[i]!.rows}`);
          rows += written;
        }
        const trailer: BackupTrailer = { end: BACKUP_FORMAT, rows, sha256: hash.copy().digest('hex') };
        await write(JSON.stringify(trailer));
        return { rows, header };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await closed;
    if (failure) throw failure as Error;
    fs.renameSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      tables: summary.header.tables.length,
      ...summary,
    };
  } catch (error) {
    gzip.destroy();
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function writeRows(tx: Db, table: TableInfo, write: (line: string) => Promise<void>): Promise<number> {
  await tx.execute(sql.raw(`declare ${CURSOR} no scroll cursor for ${rowsQuery(table)}`));
  let written = 0;
  for (;;) {
    const batch = await query<{ line: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from ${CURSOR}`));
    for (const row of batch) await write(row.line);
    written += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw(`close ${CURSOR}`));
  return written;
}

/**
 * Where each serial sequence stands. Sequences are outside transactions, so this may be ahead of the snapshot's
 * rows (never behind): a restored database hands out ids after every id the snapshot holds.
 */
async function sequenceValues(tx: Db): Promise<BackupSequence[]> {
  const values: BackupSequence[] = [];
  for (const s of await readSequences(tx)) {
    const [row] = await query<{ value: string; called: boolean }>(
      tx,
      sql.raw(`select last_value::text as value, is_called as called from ${s.sequence}`),
    );
    values.push({ table: s.table, column: s.column, value: Number(row!.value), isCalled: row!.called });
  }
  return values;
}
