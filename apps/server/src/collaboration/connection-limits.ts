/**
 * Bounds on what one user holds of the collaboration server on one instance. A browser opens one WebSocket per
 * description it edits, each for one document; without bounds a script opened 40 sockets of 25 documents each, and
 * every document holds its shared state in memory until its last connection closes.
 * - `socketsPerUser`: connections opened with a session cookie (the browser's); one over it is refused at the
 *   upgrade with 429. Connections that authenticate with an access token are known only in their first message,
 *   and are bounded by the documents each may open.
 * - `documentsPerSocket`: the different documents one connection may speak of (Hocuspocus multiplexes them); the
 *   connection that names one more is closed (1008).
 */
export const COLLABORATION_LIMITS = { socketsPerUser: 20, documentsPerSocket: 10 };

/**
 * The document a Hocuspocus message is for: every message starts with the document's name, as lib0 writes a
 * string (its length in UTF-8 bytes as an unsigned varint, then the bytes). Null when the message is too short or
 * the name longer than a document name can be.
 */
export function documentNameOf(bytes: Uint8Array, maxLength = 256): string | null {
  let length = 0;
  let shift = 0;
  let at = 0;
  for (;;) {
    if (at >= bytes.length || shift > 28) return null;
    const byte = bytes[at++]!;
    length += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) break;
    shift += 7;
  }
  if (length > maxLength || at + length > bytes.length) return null;
  return new TextDecoder().decode(bytes.subarray(at, at + length));
}

/** The collaboration sockets each user has open with a session, on this instance. */
export class OpenSockets {
  private readonly byUser = new Map<number, number>();

  /** Counts one more socket of the user, unless the user has as many as allowed already. */
  open(userId: number): boolean {
    const count = this.byUser.get(userId) ?? 0;
    if (count >= COLLABORATION_LIMITS.socketsPerUser) return false;
    this.byUser.set(userId, count + 1);
    return true;
  }

  close(userId: number): void {
    const count = (this.byUser.get(userId) ?? 1) - 1;
    if (count <= 0) this.byUser.delete(userId);
    else this.byUser.set(userId, count);
  }
}
