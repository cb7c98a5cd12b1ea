import { invalid } from '../../core/errors';

/**
 * The page marker of the audit trail: where the last page ended, as the entry's moment in microseconds (what
 * PostgreSQL keeps; a JavaScript date would lose the order of entries within one millisecond) and its id. Opaque to
 * the client; a marker that does not decode to that is refused with 422, never read as something else.
 */
export type AuditCursor = { micros: string; id: number };

export const encodeAuditCursor = (cursor: AuditCursor) =>
  Buffer.from(`${cursor.micros}.${cursor.id}`, 'utf8').toString('base64url');

export function decodeAuditCursor(text: string): AuditCursor {
  const match = /^(\d{1,17})\.(\d{1,15})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  const id = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(id) || id < 1) throw invalid({ cursor: ['validation.cursor'] });
  return { micros: match[1]!, id };
}
