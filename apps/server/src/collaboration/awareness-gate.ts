/**
 * Bounds on awareness (carets, the list of people connected), checked on the raw bytes of each message before
 * Hocuspocus decodes, applies and broadcasts it. Any member's client can send anything: one member sent 2,000 states
 * of 20 KB each, every other editor of the requirement received 36 MB per round, and `/api/health` waited 1.3 s.
 * - One client id per connection to a document (a socket speaks for at most one awareness client per document):
 *   the first id it gives a state for, kept until it removes that state (a provider that leaves). Hocuspocus keys a
 *   connection's carets by these ids, so the id is the client's own (its Y.Doc's `clientID`); the server assigns
 *   none. A state for another id is dropped, as is a removal of another id's state (a provider forgets a peer that
 *   went quiet, which is the server's business, not a client's: it could remove anyone's caret).
 * - A state of at most `stateBytes` of JSON: the browser sends `{user, cursor}` (two relative positions), some
 *   200 bytes, and the server replaces `user` (awareness.extension.ts). A larger one drops the whole message.
 * - A token bucket per socket, `perSecond` with a burst of `burst` (a caret move is one message). A state over
 *   the rate is not lost but held, the latest per document replacing the one before, and sent when a token comes
 *   back: the others see where the caret stopped, never more than the rate of its moves.
 * - A dropped or replaced message counts against the socket; more than `dropsToClose` in `dropWindowMs` closes it
 *   (1008). A held arrow key (some 30 moves a second) stays far below; a script's flood reaches it at once.
 */
export const AWARENESS_LIMITS = {
  stateBytes: 2048,
  statesPerMessage: 64,
  perSecond: 20,
  burst: 40,
  dropsToClose: 200,
  dropWindowMs: 10_000,
};

export const AWARENESS_CLOSE = { code: 1008, reason: 'Too many refused awareness updates.' };

// Hocuspocus's message types (MessageType of @hocuspocus/server).
const AWARENESS = 1;
const QUERY_AWARENESS = 3;

/** An unsigned varint as lib0 writes it, read at `at`: [value, next offset], or null past the end. */
function readVarUint(bytes: Uint8Array, at: number): [number, number] | null {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= bytes.length || shift > 35) return null;
    const byte = bytes[at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

function writeVarUint(out: number[], value: number): void {
  while (value > 0x7f) {
    out.push(0x80 | (value & 0x7f));
    value = Math.floor(value / 128);
  }
  out.push(value);
}

type Entry = { clientId: number; state: unknown; bytes: Uint8Array };

/** The states an awareness update carries, each with its raw bytes; null when malformed or over the bounds. */
function readEntries(update: Uint8Array): Entry[] | null {
  const count = readVarUint(update, 0);
  if (!count || count[0] > AWARENESS_LIMITS.statesPerMessage) return null;
  let at = count[1];
  const entries: Entry[] = [];
  for (let i = 0; i < count[0]; i++) {
    const start = at;
    const clientId = readVarUint(update, at);
    const clock = clientId && readVarUint(update, clientId[1]);
    const length = clock && readVarUint(update, clock[1]);
    // The length is known before a byte of the state is decoded: a large state costs nothing to refuse.
    if (!clientId || !length || length[0] > AWARENESS_LIMITS.stateBytes || length[1] + length[0] > update.length)
      return null;
    at = length[1] + length[0];
    let state: unknown;
    try {
      state = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(update.subarray(length[1], at)));
    } catch {
      return null;
    }
    entries.push({ clientId: clientId[0], state, bytes: update.subarray(start, at) });
  }
  return at === update.length ? entries : null;
}

/** An awareness message for `prefix` (the document's address and the type) carrying `entries` only. */
function encodeAwareness(prefix: Uint8Array, entries: Entry[]): Uint8Array {
  const update: number[] = [];
  writeVarUint(update, entries.length);
  const length = update.length + entries.reduce((sum, e) => sum + e.bytes.length, 0);
  const head: number[] = [];
  writeVarUint(head, length);
  const out = new Uint8Array(prefix.length + head.length + length);
  out.set(prefix, 0);
  out.set(head, prefix.length);
  out.set(update, prefix.length + head.length);
  let at = prefix.length + head.length + update.length;
  for (const e of entries) {
    out.set(e.bytes, at);
    at += e.bytes.length;
  }
  return out;
}

/**
 * The awareness side of one socket. `takes(message)` says whether the message is awareness (then the gate has
 * passed it on through `deliver`, held it or dropped it) or anything else (the caller passes it on itself).
 */
export class AwarenessGate {
  private tokens = AWARENESS_LIMITS.burst;
  private refilledAt: number;
  private readonly clientIds = new Map<string, number>();
  private readonly held = new Map<string, Uint8Array>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private drops = 0;
  private dropsSince: number;
  private closed = false;

  constructor(
    private readonly deliver: (message: Uint8Array) => void,
    private readonly close: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refilledAt = this.dropsSince = now();
  }

  takes(message: Uint8Array): boolean {
    const nameLength = readVarUint(message, 0);
    if (!nameLength) return false;
    const typeAt = nameLength[1] + nameLength[0];
    const type = readVarUint(message, typeAt);
    if (!type || (type[0] !== AWARENESS && type[0] !== QUERY_AWARENESS)) return false;
    if (this.closed) return true;
    const address = new TextDecoder().decode(message.subarray(nameLength[1], typeAt));
    if (type[0] === QUERY_AWARENESS) {
      // A question answered with every state of the document: it costs a token, and is not worth holding.
      if (this.take()) this.deliver(message);
      else this.dropped();
      return true;
    }
    const length = readVarUint(message, type[1]);
    const entries = length && length[1] + length[0] === message.length && readEntries(message.subarray(length[1]));
    if (!entries) {
      this.dropped();
      return true;
    }
    const own = this.ownEntries(address, entries);
    // A state for another id is refused and counts; a removal of another id's state is quietly left out.
    if (entries.some((e) => e.state !== null && !own.includes(e))) this.dropped();
    if (own.length === 0 || this.closed) return true;
    const kept = own.length === entries.length ? message : encodeAwareness(message.subarray(0, type[1]), own);
    if (this.take()) this.deliver(kept);
    else this.hold(address, kept);
    return true;
  }

  /** Stops the timer of held states (the socket closed). */
  dispose(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.held.clear();
  }

  /** The entries of the connection's own client id; the first state given binds it, its removal frees it. */
  private ownEntries(address: string, entries: Entry[]): Entry[] {
    const own: Entry[] = [];
    for (const entry of entries) {
      let bound = this.clientIds.get(address);
      if (bound === undefined && entry.state !== null) {
        bound = entry.clientId;
        this.clientIds.set(address, bound);
      }
      if (entry.clientId !== bound) continue;
      own.push(entry);
      if (entry.state === null) this.clientIds.delete(address);
    }
    return own;
  }

  private take(): boolean {
    const now = this.now();
    const { perSecond, burst } = AWARENESS_LIMITS;
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) * perSecond) / 1000);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private hold(address: string, message: Uint8Array): void {
    if (this.held.has(address)) this.dropped();
    if (this.closed) return;
    this.held.set(address, message);
    this.timer ??= setTimeout(() => this.release(), Math.ceil(1000 / AWARENESS_LIMITS.perSecond));
  }

  private release(): void {
    this.timer = undefined;
    for (const [address, message] of this.held) {
      if (!this.take()) break;
      this.held.delete(address);
      this.deliver(message);
    }
    if (this.held.size > 0) this.timer = setTimeout(() => this.release(), Math.ceil(1000 / AWARENESS_LIMITS.perSecond));
  }

  private dropped(): void {
    const now = this.now();
    if (now - this.dropsSince > AWARENESS_LIMITS.dropWindowMs) {
      this.drops = 0;
      this.dropsSince = now;
    }
    if (++this.drops > AWARENESS_LIMITS.dropsToClose && !this.closed) {
      this.dispose();
      this.close();
    }
  }
}
