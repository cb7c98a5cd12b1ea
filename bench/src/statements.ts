import type { Database } from '@reqloom/server';

export type Statement = { text: string; values: unknown[] };

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The statements a call sends, recorded at the driver (the client under drizzle), so that the bench can run the
 * same statements bare: the SQL a route needs, without the route. Recording wraps the client's `query` for the
 * duration of one call only. It sees what goes through that client (the pool, on PostgreSQL): a call that opens a
 * transaction sends its statements on a client checked out of the pool, which this does not record.
 */
export async function recordStatements(database: Database, call: () => Promise<unknown>): Promise<Statement[]> {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') statements.push({ text: first, values: (second as unknown[] | undefined) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      statements.push({ text: config.text, values: config.values ?? (second as unknown[] | undefined) ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    await call();
  } finally {
    client.query = original;
  }
  return statements;
}

/**
 * Runs recorded statements one after the other, as the call did, straight on the driver: on PostgreSQL each as a
 * named prepared statement (the app prepares its hot reads too), on PGlite as they are.
 */
export function bareRunner(database: Database, statements: Statement[]): () => Promise<void> {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const named = statements.map((s, i) => ({ name: `bench_bare_${i}`, text: s.text, values: s.values }));
  return async () => {
    for (const s of named) {
      if (database.driver === 'postgres') await client.query(s);
      else await client.query(s.text, s.values);
    }
  };
}

/**
 * The same statements, each after `workMs` of other work on this thread (a busy loop), as a route does between
 * them (hooks, validation, presenting); answers the time spent waiting for the statements alone. On the bench's
 * virtual machines a round trip that follows other work took two to three times as long as one in a tight loop,
 * which is what `bare` measures: the difference is the machine's, not the route's.
 */
export function bareRunnerAfterWork(
  database: Database,
  statements: Statement[],
  workMs: number,
): () => Promise<number> {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const named = statements.map((s, i) => ({ name: `bench_bare_${i}`, text: s.text, values: s.values }));
  return async () => {
    let waited = 0;
    for (const s of named) {
      const until = performance.now() + workMs;
      while (performance.now() < until);
      const started = performance.now();
      if (database.driver === 'postgres') await client.query(s);
      else await client.query(s.text, s.values);
      waited += performance.now() - started;
    }
    return waited;
  };
}
