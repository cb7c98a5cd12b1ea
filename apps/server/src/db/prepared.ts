import type { Db } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared query of the hot paths (session, project access, one requirement or document), built once
 * per database handle and named, so that PostgreSQL parses and plans it once per connection instead of
 * on every call (PGlite runs it as a plain query). A transaction is a handle of its own: its queries
 * are built again, but keep their name, so the server still reuses the plan of its connection.
 * One name must always mean one SQL text (node-postgres refuses a name reused for another text).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/** Rows of `db.execute`, which node-postgres and PGlite both answer as `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
