import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { ident, query, readSchemaVersion, readSequences, readTables, type TableInfo } from './catalog';
import { allMigrations, applyMigrations, dropSchema, migrationsOf } from './older-schema';
import {
  backupLines,
  BackupFileError,
  newHash,
  parseHeader,
  parseTrailer,
  RestoreRefusedError,
  type BackupHeader,
  type BackupTable,
} from './format';

// Rows go in by batches: one statement turns a JSON array into typed rows (json_populate_recordset), so every value
// is read by PostgreSQL's own input functions, the same on PGlite and PostgreSQL.
const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

export type RestoreSummary = { file: string; rows: number; tables: number; header: BackupHeader };

/**
 * Reads the whole file and checks it: a header of this format, every table's rows, the trailer and its checksum.
 * `visit` gets each row's JSON with its table (restore inserts them); without it the file is only checked.
 */
export async function readBackup(
  file: string,
  visit?: (table: BackupTable, row: Buffer) => Promise<void>,
  onHeader?: (header: BackupHeader) => Promise<void>,
): Promise<BackupHeader> {
  const lines = backupLines(file);
  const hash = newHash();
  const next = async (): Promise<Buffer | undefined> => {
    const step: IteratorResult<Buffer> = await lines.next();
    return step.done ? undefined : step.value;
  };
  const first = await next();
  const header = parseHeader(file, first);
  hash.update(first!).update('\n');
  await onHeader?.(header);
  let rows = 0;
  for (const table of header.tables) {
    for (let i = 0; i < table.rows; i++) {
      const line = await next();
      if (line === undefined)
        throw new BackupFileError(
          `${file} is truncated: it ends inside the rows of ${table.name} (${i} of ${table.rows}).`,
        );
      hash.update(line).update('\n');
      await visit?.(table, line);
      rows += 1;
    }
  }
  const trailer = parseTrailer(await next());
  if (!trailer) throw new BackupFileError(`${file} is damaged: its rows do not end where its header says.`);
  if (trailer.rows !== rows || trailer.sha256 !== hash.digest('hex'))
    throw new BackupFileError(`${file} is damaged: its checksum does not match its content.`);
  if ((await next()) !== undefined) throw new BackupFileError(`${file} is damaged: there is more after its end.`);
  await lines.return(undefined);
  return header;
}

/**
 * Restores a backup into an empty database (migrated to today's schema), in one transaction: a damaged file, a
 * database that is not empty or a backup of a newer or unknown schema changes nothing. A backup of an older schema is
 * loaded into that schema, rebuilt for it, and migrated on (older-schema.ts). Sequences are set past the restored ids.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { checked?: BackupHeader } = {},
): Promise<RestoreSummary> {
  const resolved = path.resolve(file);
  // The file is checked whole before the database is touched, so the usual refusals come at once (`checked`: the
  // caller did it, before it even opened the database); the restore checks it again as it reads (the file could
  // change in between).
  const header = options.checked ?? (await readBackup(resolved));
  const rows = await database.db.transaction(async (tx) => {
    const today = await readTables(tx);
    const later = await checkVersion(tx, header);
    const names = today.map((t) => ident(t.name)).join(', ');
    await tx.execute(sql.raw(`lock table ${names} in access exclusive mode`));
    await checkEmpty(tx, today);
    if (later) {
      await dropSchema(tx);
      await applyMigrations(tx, later.before);
    }
    const tables = later ? await readTables(tx) : today;
    checkColumns(header, tables);
    // The version triggers (migration 0004) would move the versions of linked rows as links go in: the rows are
    // restored as they were. Their own triggers only: foreign keys are still checked.
    for (const t of tables) await tx.execute(sql.raw(`alter table ${ident(t.name)} disable trigger user`));
    // Indexes are built once at the end rather than row by row: the search indexes (GIN on computed vectors and
    // trigrams) cost most of a restore when they take rows one at a time. Those that constraints stand on stay.
    const indexes = await query<{ name: string; definition: string }>(
      tx,
      sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relnamespace = 'public'::regnamespace
          and i.indexrelid not in (select conindid from pg_constraint where conindid <> 0)
        order by c.relname`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index public.${ident(index.name)}`));

    let count = 0;
    let batch: Buffer[] = [];
    let bytes = 0;
    let current: BackupTable | undefined;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const columns = current.columns.map(ident).join(', ');
      const json = `[${batch.map((b) => b.toString('utf8')).join(',')}]`;
      await tx.execute(
        // `overriding system value`: an identity column `generated always` (audit_entries.id) takes the backup's ids
        // too; the restored trail keeps its entries as they were, ids included.
        sql`${sql.raw(`insert into ${ident(current.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${ident(current.name)},`)} ${json}::json)`,
      );
      count += batch.length;
      batch = [];
      bytes = 0;
    };
    await readBackup(resolved, async (table, row) => {
      if (table !== current) {
        await flush();
        current = table;
      }
      batch.push(row);
      bytes += row.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
    });
    await flush();

    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const t of tables) await tx.execute(sql.raw(`alter table ${ident(t.name)} enable trigger user`));
    // The rows are in the backup's schema: today's migrations take them the rest of the way, as an upgrade would.
    if (later) await applyMigrations(tx, later.after);
    await restoreSequences(tx, header);
    return count;
  });
  return { file: resolved, rows, tables: header.tables.length, header };
}

/**
 * Refuses a backup of a newer schema; for one of an older schema, answers the migrations that rebuild its schema
 * (`before`) and those that bring it to today's (`after`); null when it is today's.
 */
async function checkVersion(tx: Db, header: BackupHeader) {
  const here = await readSchemaVersion(tx);
  const theirs = header.schema;
  const name = (v: typeof here) => v.last ?? `${v.migrations} migrations`;
  if (theirs.when > here.when || (theirs.when === here.when && theirs.migrations > here.migrations))
    throw new RestoreRefusedError(
      `This backup comes from a newer Reqloom (database schema ${name(theirs)}; this one is at ${name(here)}). ` +
        'Upgrade Reqloom, then restore it.',
    );
  const migrations = allMigrations();
  const applied = migrationsOf(theirs, migrations);
  if (applied === here.migrations && theirs.when === here.when) return null;
  return { before: migrations.slice(0, applied), after: migrations.slice(applied) };
}

function checkColumns(header: BackupHeader, tables: TableInfo[]) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const table of header.tables) {
    const target = byName.get(table.name);
    const missing = target ? table.columns.filter((c) => !target.columns.includes(c)) : [];
    if (!target || missing.length > 0)
      throw new RestoreRefusedError(
        `This database does not match the backup's schema (${target ? `${table.name} has no ${missing.join(', ')}` : `no table ${table.name}`}).`,
      );
  }
}

async function checkEmpty(tx: Db, tables: TableInfo[]) {
  const filled: string[] = [];
  for (const t of tables) {
    const [row] = await query<{ any: boolean }>(tx, sql.raw(`select exists (select 1 from ${ident(t.name)}) as any`));
    if (row?.any) filled.push(t.name);
  }
  if (filled.length > 0)
    throw new RestoreRefusedError(
      `The database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''} hold rows): ` +
        'a backup is restored into an empty database only. Point DATABASE_URL (or DATA_DIR) at a new one.',
    );
}

async function restoreSequences(tx: Db, header: BackupHeader) {
  const saved = new Map(header.sequences.map((s) => [`${s.table}.${s.column}`, s]));
  for (const s of await readSequences(tx)) {
    const [row] = await query<{ max: string | null }>(
      tx,
      sql.raw(`select max(${ident(s.column)})::text as max from ${ident(s.table)}`),
    );
    const highest = row?.max === null || row?.max === undefined ? 0 : Number(row.max);
    const backup = saved.get(`${s.table}.${s.column}`);
    // The backup's place when it is past every restored id (ids of deleted rows are not handed out again), else
    // just past the highest id.
    const [value, called] =
      backup && backup.value >= highest && (backup.isCalled || backup.value > highest)
        ? [backup.value, backup.isCalled]
        : highest > 0
          ? [highest, true]
          : [1, false];
    await tx.execute(sql.raw(`select setval('${s.sequence.replace(/'/g, "''")}', ${value}, ${called})`));
  }
}
