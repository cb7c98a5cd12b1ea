import { decodeKeysetCursor, encodeKeysetCursor } from '../../core/keyset-cursor';

/**
 * The page marker of the audit trail: where the last page ended, as the entry's moment in microseconds and its id
 * (a keyset cursor, core/keyset-cursor.ts). A marker that does not decode to that is refused with 422.
 */
export type AuditCursor = { micros: string; id: number };

export const encodeAuditCursor = (cursor: AuditCursor) =>
  encodeKeysetCursor({ micros: cursor.micros, ids: [cursor.id] });

export function decodeAuditCursor(text: string): AuditCursor {
  const { micros, ids } = decodeKeysetCursor(text, 1);
  return { micros, id: ids[0]! };
}
