import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../../db/client';

// What a backup holds is read from the database's own catalog, not from db/schema.ts: the columns that custom
// migrations add (the search vectors) and any table a later migration adds are then covered without a list to keep
// in step. Generated columns are left out: the database computes them again on restore.

export type TableInfo = {
  name: string;
  /** Columns that take a value on insert (generated ones left out), in the table's order. */
  columns: string[];
  primaryKey: string[];
  /** A column referring to the table's own primary key (a category's parent): rows must come parents first. */
  selfReference: string | null;
  /**
   * A condition on the row (aliased `r`) that holds when it belongs to an import's staging project: such rows are
   * left out of a backup. Null when no row of the table can.
   */
  staged: string | null;
};

/**
 * An import under way writes into a staging project (owner kind 'import', import-staging.ts) that nobody sees: it
 * is published or deleted with all it holds within seconds, or was left by a dead process. Either way it is no
 * part of what a backup keeps. What it holds is what deleting it deletes: the rows that reach it through foreign
 * keys that cascade.
 */
const STAGING = { table: 'projects', condition: (alias: string) => `${alias}."owner_type" = 'import'` };

export type SequenceInfo = { table: string; column: string; sequence: string };

/** Rows of `execute` on either driver (PGlite and node-postgres both answer `{rows}`). */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema public) in an order where every table comes after those it refers to. */
export async function readTables(db: Db): Promise<TableInfo[]> {
  const tables = await query<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const columns = await query<{ table: string; column: string }>(
    db,
    sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const keys = await query<{ table: string; column: string }>(
    db,
    sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join lateral unnest(c.conkey) with ordinality as k(attnum, n) on true
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'p' and c.connamespace = 'public'::regnamespace
    order by 1, k.n`,
  );
  const references = await query<{
    table: string;
    target: string;
    column: string;
    targetColumn: string;
    columns: number;
    cascades: boolean;
  }>(
    db,
    sql`
    select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as target,
      (select attname from pg_attribute where attrelid = c.conrelid and attnum = c.conkey[1]) as "column",
      (select attname from pg_attribute where attrelid = c.confrelid and attnum = c.confkey[1]) as "targetColumn",
      array_length(c.conkey, 1) as columns, c.confdeltype = 'c' as cascades
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    order by 1, 3`,
  );

  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1');
  const infos = new Map<string, TableInfo>();
  for (const { name } of tables)
    infos.set(name, { name, columns: [], primaryKey: [], selfReference: null, staged: null });
  for (const c of columns) infos.get(c.table)?.columns.push(c.column);
  for (const k of keys) infos.get(unquote(k.table))?.primaryKey.push(k.column);
  const dependsOn = new Map<string, Set<string>>([...infos.keys()].map((name) => [name, new Set<string>()]));
  for (const r of references) {
    const table = unquote(r.table);
    const target = unquote(r.target);
    if (table === target) {
      if (Number(r.columns) !== 1) throw new Error(`${table} refers to itself by several columns: not supported`);
      infos.get(table)!.selfReference = r.column;
    } else dependsOn.get(table)?.add(target);
  }
  // What a staging project holds: a row is held when a cascading key leads to a held row (or the project itself).
  const held = (table: string, alias: string, depth: number): string | null => {
    if (table === STAGING.table) return STAGING.condition(alias);
    const ways = references
      .filter((r) => unquote(r.table) === table && unquote(r.target) !== table && r.cascades && Number(r.columns) === 1)
      .flatMap((r) => {
        const target = unquote(r.target);
        const inner = `s${depth}`;
        const condition = held(target, inner, depth + 1);
        return condition === null
          ? []
          : [
              `exists (select 1 from ${ident(target)} ${inner} where ${inner}.${ident(r.targetColumn)} = ` +
                `${alias}.${ident(r.column)} and ${condition})`,
            ];
      });
    return ways.length === 0 ? null : ways.join(' or ');
  };
  for (const info of infos.values()) info.staged = held(info.name, 'r', 0);
  // Depth-first topological order, by name among equals, so that the order is the same on every database.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`the tables refer to each other in a cycle through ${name}`);
    state.set(name, 'visiting');
    for (const target of [...(dependsOn.get(name) ?? [])].sort()) visit(target);
    state.set(name, 'done');
    ordered.push(infos.get(name)!);
  };
  for (const name of [...infos.keys()].sort()) visit(name);
  for (const table of ordered)
    if (table.primaryKey.length === 0) throw new Error(`${table.name} has no primary key: its order is not stable`);
  return ordered;
}

/** The sequences behind serial columns (`nextval` defaults) and identity columns (audit_entries). */
export async function readSequences(db: Db): Promise<SequenceInfo[]> {
  return query<SequenceInfo>(
    db,
    sql`
    select table_name as "table", column_name as "column",
      pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')
    order by table_name, column_name`,
  );
}

export type SchemaVersion = {
  /** How many migrations the database has applied. */
  migrations: number;
  /** The last one's name (drizzle-kit's tag), and its time stamp, which is what drizzle records. */
  last: string | null;
  when: number;
};

type Journal = { entries: { idx: number; when: number; tag: string }[] };

export function readJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The schema version of the database: the migrations it has applied (drizzle's own table). */
export async function readSchemaVersion(db: Db): Promise<SchemaVersion> {
  const [row] = await query<{ n: number; when: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as "when" from drizzle.__drizzle_migrations`,
  );
  const when = Number(row?.when ?? 0);
  const tag = readJournal().entries.find((e) => e.when === when)?.tag ?? null;
  return { migrations: Number(row?.n ?? 0), last: tag, when };
}
