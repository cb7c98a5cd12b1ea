import { sql, type SQLWrapper } from 'drizzle-orm';
import { invalid } from './errors';

/**
 * A keyset page marker: where the last page ended, as a moment in microseconds (what PostgreSQL keeps; a JavaScript
 * date would lose the order of rows within one millisecond) and the ids that break ties. Opaque to the client; a
 * marker that does not decode to that, with exactly `idCount` ids, is refused with 422, never read as something else.
 */
export type KeysetCursor = { micros: string; ids: number[] };

export const encodeKeysetCursor = (cursor: KeysetCursor) =>
  Buffer.from([cursor.micros, ...cursor.ids].join('.'), 'utf8').toString('base64url');

export function decodeKeysetCursor(text: string, idCount: number): KeysetCursor {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('.');
  const [micros, ...rest] = parts;
  const ids = rest.map((part) => (/^\d{1,15}$/.test(part) ? Number(part) : NaN));
  const valid =
    micros !== undefined &&
    /^\d{1,17}$/.test(micros) &&
    ids.length === idCount &&
    ids.every((id) => Number.isSafeInteger(id) && id >= 1);
  if (!valid) throw invalid({ cursor: ['validation.cursor'] });
  return { micros, ids };
}

/** A timestamp column in microseconds since 1970, exact (PostgreSQL 14+ gives `extract` as numeric), as text. */
export const microsOf = (column: SQLWrapper) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The moment a cursor's microseconds name, as a timestamptz to compare a column with. */
export const momentOf = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
