import type { Db } from './client';

/**
 * A statement that a transaction sends last: built (a query builder of the transaction, not awaited) while the
 * transaction runs, and sent at its end.
 */
export type TailStatement = PromiseLike<unknown> & { toSQL(): { sql: string; params: unknown[] } };

export type TailedTransactionOptions = { isolationLevel?: 'repeatable read' };

/**
 * Runs `body` in a transaction, then its `tail` statements, then commits. A write of the whole unit of work (the
 * audit entries of decisions §21) goes there: on PostgreSQL it travels with the COMMIT in one round trip
 * (pg-tailed-transaction.ts), so that recording it costs a write almost nothing; here, on PGlite, which runs in this
 * process and has no round trip to save, it is awaited like any statement.
 */
export type TailedTransaction = <R>(
  body: (tx: Db) => Promise<{ result: R; tail: TailStatement[] }>,
  options?: TailedTransactionOptions,
) => Promise<R>;

export function plainTailedTransaction(db: Db): TailedTransaction {
  return (body, options) =>
    db.transaction(async (tx) => {
      const { result, tail } = await body(tx);
      for (const statement of tail) await statement;
      return result;
    }, options);
}
