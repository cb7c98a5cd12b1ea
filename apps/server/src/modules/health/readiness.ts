import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { pendingMigrations } from '../../db/migration-state';

/** A check that has not answered within this is failed: a pool that cannot connect may otherwise wait for ever. */
const CHECK_TIMEOUT_MS = 3000;

export type Check = 'ok' | 'failed' | 'not required';
export type Readiness = {
  ready: boolean;
  checks: { database: Check; migrations: Check; listener: Check; redis: Check };
  /** The migrations of this code that the database lacks (their tags). */
  pending?: string[];
};

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic (decisions §26): its database answers, holds every migration of this
 * code (the journal against drizzle's table), and, with REDIS_URL (several instances), the session cache hears the
 * database's changes and the event bus reaches Redis; a single instance serves without them (the cache then reads
 * each session, and the bus delivers locally).
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const several = !!ctx.config.redisUrl;
  const checks: Readiness['checks'] = {
    database: 'failed',
    migrations: 'failed',
    listener: several ? (ctx.authCache.enabled ? 'ok' : 'failed') : 'not required',
    redis: several ? (ctx.events.connected ? 'ok' : 'failed') : 'not required',
  };
  let pending: string[] | undefined;
  try {
    await withTimeout(ctx.db.execute(sql`select 1`));
    checks.database = 'ok';
    pending = await withTimeout(pendingMigrations(ctx.db));
    if (pending.length === 0) checks.migrations = 'ok';
  } catch {
    // Unreachable, or too slow to count as reachable: the checks above stay failed.
  }
  const ready = Object.values(checks).every((check) => check !== 'failed');
  return { ready, checks, ...(pending?.length ? { pending } : {}) };
}
