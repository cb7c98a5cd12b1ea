import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, dataDirOwner, DataDirInUseError } from './data-dir-lock';
import { listenPGlite, listenPostgres, type Listening, type NotificationHandlers } from './notifications';
import { servePGliteSocket, socketPathIn } from './pglite-socket';
import * as schema from './schema';
import { plainTailedTransaction, type TailedTransaction } from './tailed-transaction';

export type Schema = typeof schema;
/** One type for both drivers, so that every service serves PGlite and PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** A transaction whose last statements travel with its commit where that saves a round trip (tailed-transaction.ts). */
  tailedTransaction: TailedTransaction;
  close: () => Promise<void>;
  /**
   * Hears the notifications of `channel` (see notifications.ts). Absent for the command line's connection to a
   * running server's PGlite: one connection holds that PGlite whole while it is open.
   */
  listen?: (channel: string, handlers: NotificationHandlers) => Promise<Listening>;
  /** The connections, for the metrics (decisions §26): a pg pool's states; PGlite, one session, its total alone. */
  connections: () => { total: number; idle?: number; waiting?: number };
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL through a pg pool when a URL is given, else PGlite persisted in
 * `dataDir/db` (or in memory for `dataDir === null`). Migrations are applied on open.
 *
 * PGlite on a folder: this process must own it (data-dir-lock.ts), and then serves it to other local
 * processes on a unix socket (pglite-socket.ts). When another live process owns it, a server refuses to
 * start (DataDirInUseError), while the command line (`shareWithOwner`) connects to the owner's socket so that
 * its changes go through the one PGlite that the running server uses.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  shareWithOwner?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 10);
  if (options.dataDir === null) return openPGlite(undefined);
  const owner = dataDirOwner(options.dataDir);
  if (owner !== null) {
    if (!options.shareWithOwner) throw new DataDirInUseError(options.dataDir, owner);
    // PGlite is one session: one connection, through the owner's socket. The owner has migrated.
    const shared = await openPostgres(`postgres://reqloom@/reqloom?host=${encodeURIComponent(options.dataDir)}`, 1, {
      migrate: false,
    });
    try {
      await shared.db.execute(sql`select 1`);
    } catch (error) {
      await shared.close();
      throw new Error(
        `The server using ${options.dataDir} (process ${owner}) does not answer on ${socketPathIn(options.dataDir)} ` +
          `(${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}); if it is still starting, try again in a moment.`,
        { cause: error },
      );
    }
    // The database is the owner's PGlite, whatever the wire that reaches it (a backup names its source by this).
    return { ...shared, driver: 'pglite', listen: undefined };
  }
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    const database = await openPGlite(dir);
    // Without its socket (a DATA_DIR path too long for one, say) the server still serves; only the command line
    // cannot run beside it, and says so.
    const socket = await servePGliteSocket(database.client, options.dataDir).catch((error: unknown) => {
      process.emitWarning(`No command-line socket in ${options.dataDir}: ${(error as Error).message}`);
      return null;
    });
    return {
      ...database,
      close: async () => {
        await socket?.close();
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(url: string, max: number, { migrate: apply = true } = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { pgTailedTransaction } = await import('./pg-tailed-transaction');
  // No JIT: this is short OLTP work, and the per-row index lookups of a document's links are costed high
  // enough to trigger a compilation that takes longer (80 ms to a second) than the query itself.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle connection that PostgreSQL ends (a restart, an administrator's pg_terminate_backend, a DROP DATABASE …
  // WITH (FORCE) while the pool is still closing it) is an 'error' of the pool, which without a listener would end the
  // process. The pool has already let that connection go; the next query opens another, and a query that was running
  // on it gets its own error.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  if (apply) await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    tailedTransaction: pgTailedTransaction(db, pool),
    close: () => pool.end(),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}

/** The embedded database's shared buffers (see openPGlite). */
export const PGLITE_SHARED_BUFFERS = '32MB';

async function openPGlite(dir: string | undefined): Promise<Database & { client: PGlite }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Search (migration 0006) needs these two; PGlite ships them as separate modules, PostgreSQL as contrib.
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({
    dataDir: dir,
    extensions: { unaccent, pg_trgm },
    // PostgreSQL's default pool of 128 MB of shared buffers lives in PGlite's WASM memory, which grows and never
    // shrinks: it is most of what the embedded server holds (issue 39, bench/results/memory-20k-*). Pages it no
    // longer keeps are read again from the data folder through the file system's cache, which the operating system
    // gives back when it needs to. The WAL buffers follow it (1/32).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    tailedTransaction: plainTailedTransaction(db),
    client,
    close: () => client.close(),
    connections: () => ({ total: 1 }),
    listen: (channel, handlers) => listenPGlite(client, channel, handlers),
  };
}
