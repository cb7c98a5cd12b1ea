import pg from 'pg';
import { NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db, Schema } from './client';
import type { TailedTransaction, TailStatement } from './tailed-transaction';

/** What drizzle's own `transaction` reads of the database's session (drizzle-orm 0.45, node-postgres/session.js). */
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * The tailed transaction on node-postgres: drizzle's `transaction` (begin, the body, commit) with its commit sent in
 * the same message as the tail statements. Without parameters, node-postgres sends a query by the simple protocol,
 * which takes several statements in one round trip; PostgreSQL runs them in order and stops at the first that fails,
 * and the transaction is then rolled back as drizzle would. The tail's parameters are written into the text as
 * literals (`inlineParameters`).
 */
export function pgTailedTransaction(db: NodePgDatabase<Schema>, pool: pg.Pool): TailedTransaction {
  const base = (db as unknown as { session: SessionParts }).session;
  return async (body, options) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = new NodePgSession(client, base.dialect, base.schema, base.options);
      const tx = new NodePgTransaction(base.dialect, session, base.schema) as unknown as Db;
      await client.query(options?.isolationLevel ? `begin isolation level ${options.isolationLevel}` : 'begin');
      try {
        const { result, tail } = await body(tx);
        await client.query([...tail.map(inlineStatement), 'commit'].join(';\n'));
        return result;
      } catch (error) {
        // A rollback that fails leaves the connection in an unknown state: it is closed rather than pooled.
        await client.query('rollback').catch((rollbackError: unknown) => void (broken = rollbackError as Error));
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
}

function inlineStatement(statement: TailStatement): string {
  const { sql, params } = statement.toSQL();
  return inlineParameters(sql, params);
}

/**
 * Replaces `$n` by the n-th parameter as an SQL literal. Drizzle writes placeholders only where values go, never
 * inside a literal of its own, and the values here are already in their driver form (a jsonb as its JSON text).
 */
export function inlineParameters(sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`A parameter cannot be written as a literal: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  return pg.escapeLiteral(JSON.stringify(value));
}
