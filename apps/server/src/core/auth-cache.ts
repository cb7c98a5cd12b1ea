import type { Auth } from './identity';

/** Entries kept at most: one per live session or token; past it the oldest go first. */
const MAX_ENTRIES = 10_000;
/**
 * How long an entry is trusted without a new read. Every change is announced (below), so this only bounds what a
 * lost announcement could cost; a minute is short against a session's life and long against a burst of calls.
 */
const MAX_AGE_MS = 60_000;

type Entry = { auth: Auth; storedAt: number; touchedAt: number };

/**
 * Who a session cookie or access token belongs to, kept per server so that an authenticated call does not read its
 * session before its own statements (one round trip of a `GET requirements/{id}`'s two).
 *
 * A cached answer is only as good as the news of its changes, so the cache serves only while it hears them
 * (`up`/`down`, from the database's `reqloom_auth` notifications, migration 0013): every change to a user, the end
 * or shortening of a session and the end of a token, by whoever makes it (this server, another, the command line,
 * an operator's SQL). This server's own changes are also forgotten at once, before their answer leaves (the domain
 * events wired in auth-changes.ts and the direct calls of the user service), since a notification arrives a moment
 * after its commit on PostgreSQL.
 *
 * A read that began before a change and ends after it must not store what it read: `generation` moves on every
 * change, and a read stores only if it has not moved since the read began.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private listening = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether entries are served: only while changes are heard. */
  get enabled(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes are heard again (a listener connected): what was kept before may be stale. */
  up(): void {
    this.forgetAll();
    this.listening = true;
  }

  /** Changes are no longer heard: nothing is served or stored until `up`. */
  down(): void {
    this.listening = false;
    this.forgetAll();
  }

  /**
   * The cached answer for `key`, or `load`'s, which is kept when no change came while it was read. `fresh` reads
   * even when an entry is cached (see authenticate.ts: a write always reads its session); finding nothing forgets it.
   */
  async resolve(key: string, load: () => Promise<Auth | null>, { fresh = false } = {}): Promise<Auth | null> {
    const hit = fresh ? undefined : this.get(key);
    if (hit) return hit.auth;
    const generation = this.generation;
    const auth = await load();
    if (!auth) this.entries.delete(key);
    else if (this.listening && generation === this.generation) this.store(key, auth);
    return auth;
  }

  /** The entry for `key` when it may be served (not expired, not too old). */
  get(key: string): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    const expired = entry.auth.kind === 'session' && entry.auth.expiresAt.getTime() <= now;
    if (expired || now - entry.storedAt > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * A session slid by this server from `from` to `to`: its entry carries the new expiry, unless it no longer holds the
   * one slid from. (Slid by another server, the entry keeps the earlier one: it then expires here early and is read
   * again, never late.)
   */
  slid(key: string, from: Date, to: Date): void {
    const entry = this.entries.get(key);
    if (entry?.auth.kind === 'session' && entry.auth.expiresAt.getTime() === from.getTime())
      entry.auth = { ...entry.auth, expiresAt: to };
  }

  /** Whether a token's last use is due to be written (once a `everyMs`), marking it written when it is. */
  touchDue(key: string, everyMs: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.touchedAt <= everyMs) return false;
    entry.touchedAt = this.now();
    return true;
  }

  forgetUser(userId: number): void {
    this.forgetWhere((auth) => auth.user.id === userId);
  }

  forgetSession(sessionId: number): void {
    this.forgetWhere((auth) => auth.kind === 'session' && auth.sessionId === sessionId);
  }

  forgetToken(tokenId: number): void {
    this.forgetWhere((auth) => auth.kind === 'token' && auth.tokenId === tokenId);
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private forgetWhere(match: (auth: Auth) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (match(entry.auth)) this.entries.delete(key);
  }

  private store(key: string, auth: Auth): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const now = this.now();
    this.entries.set(key, { auth, storedAt: now, touchedAt: now });
  }
}
