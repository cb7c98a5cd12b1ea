import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from '../../db/client';
import { ident, query, type SchemaVersion } from './catalog';
import { RestoreRefusedError } from './format';

// A backup written by an older Reqloom (decisions §26): its rows fit the schema as it was then, not today's. The restore
// rebuilds that schema in the empty database (the migrations up to the backup's last one), loads the rows, then applies
// the later migrations, which carry the data over as an upgrade would (0023 moved baseline manifests into arrays).
// All of it runs inside the restore's one transaction (PostgreSQL's DDL is transactional): a failure leaves the
// database as it was, empty and at today's schema.

/** The migrations a database applies, in order, as drizzle's migrator reads them (hash and time stamp included). */
export const allMigrations = (): MigrationMeta[] => readMigrationFiles({ migrationsFolder });

/**
 * How many of today's migrations made the backup's schema: it must name one of them, by its time stamp, at its place.
 * Anything else (a branch's migration, a damaged header) is refused rather than guessed.
 */
export function migrationsOf(theirs: SchemaVersion, migrations: MigrationMeta[]): number {
  const at = migrations.findIndex((m) => m.folderMillis === theirs.when);
  if (at === -1 || at + 1 !== theirs.migrations)
    throw new RestoreRefusedError(
      `This backup's database schema (${theirs.last ?? `${theirs.migrations} migrations`}, of ${theirs.when}) is none ` +
        'that this Reqloom knows: restore it with the Reqloom version that made it.',
    );
  return at + 1;
}

/**
 * Empties the public schema of what the migrations made (tables with their sequences, indexes and triggers, views,
 * functions, types), and forgets the migrations applied. What extensions own stays: their objects are no migration's,
 * and `create extension if not exists` (0006) finds them in place.
 */
export async function dropSchema(tx: Db): Promise<void> {
  const notOfExtension = (oid: string, catalog: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  const relations = await query<{ name: string; kind: string }>(
    tx,
    sql.raw(`select c.relname as name, c.relkind::text as kind from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
        and ${notOfExtension('c.oid', 'pg_class')} order by c.relname`),
  );
  const dropOf: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' };
  // Views first, then tables (cascade takes their owned sequences), then what sequences remain.
  for (const kind of ['v', 'm', 'r', 'p', 'S'])
    for (const r of relations.filter((x) => x.kind === kind))
      await tx.execute(sql.raw(`drop ${dropOf[kind]} if exists public.${ident(r.name)} cascade`));
  const functions = await query<{ signature: string }>(
    tx,
    sql.raw(`select p.oid::regprocedure::text as signature from pg_proc p
      where p.pronamespace = 'public'::regnamespace and ${notOfExtension('p.oid', 'pg_proc')}`),
  );
  for (const f of functions) await tx.execute(sql.raw(`drop function if exists ${f.signature} cascade`));
  const types = await query<{ name: string }>(
    tx,
    sql.raw(`select t.typname as name from pg_type t
      where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd')
        and ${notOfExtension('t.oid', 'pg_type')}`),
  );
  for (const t of types) await tx.execute(sql.raw(`drop type if exists public.${ident(t.name)} cascade`));
  await tx.execute(sql`delete from drizzle.__drizzle_migrations`);
}

/** Applies migrations as drizzle's migrator does (every statement, then its row in drizzle's table), in `tx`. */
export async function applyMigrations(tx: Db, migrations: MigrationMeta[]): Promise<void> {
  for (const migration of migrations) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}
