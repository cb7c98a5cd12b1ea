import { sql, type SQL } from 'drizzle-orm';

// Building blocks for merging into a jsonb column inside one UPDATE: the database reads and writes the row
// under its own row lock, so two concurrent merges both land (a read-modify-write in the app loses one).

/** The value when it is a JSON object, else `{}` (a legacy or damaged value must not break the merge). */
export function jsonbObject(value: SQL): SQL {
  return sql`(case when jsonb_typeof(${value}) = 'object' then ${value} else '{}'::jsonb end)`;
}

/** A JSON parameter, bound as text and cast: the same on PGlite and on node-postgres. */
export function jsonbParam(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::jsonb`;
}

/** Only the given keys of an object (the others are dropped). */
export function jsonbPick(value: SQL, keys: readonly string[]): SQL {
  if (keys.length === 0) return sql`'{}'::jsonb`;
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${jsonbObject(value)}) as e(key, value) where e.key in (${list}))`;
}
