import { SESSION_LIFETIME_MS, SESSION_REFRESH_THRESHOLD_MS } from '@reqloom/domain';

// The session clock of spec 1 §4: the server's session slides 10 minutes from the last call, and the client
// keeps its own copy of that expiry so that it can refresh in time and send the user to login once it is over.
export const SESSION_STORAGE_KEY = 'reqloom.session.expiresAt';

type Listener = () => void;
const listeners = new Set<Listener>();
type EndingListener = (reason: SessionEndReason) => void;
const endingListeners = new Set<EndingListener>();

/** Why the last session ended: after a logout, login is not asked to bring the user back where they were. */
export type SessionEndReason = 'logout' | 'expired';
let endReason: SessionEndReason = 'expired';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The expiry in ms since the epoch from an answer's `expires_at`, or now + the session lifetime without one. */
export function expiryFrom(expiresAt: string | undefined, now: number): number {
  const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now + SESSION_LIFETIME_MS;
}

export function needsRefresh(expiry: number, now: number): boolean {
  return expiry > now && expiry - now < SESSION_REFRESH_THRESHOLD_MS;
}

export function getSessionExpiry(): number | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function isSessionActive(now = Date.now()): boolean {
  const expiry = getSessionExpiry();
  return expiry !== null && expiry > now;
}

function writeExpiry(expiry: number): void {
  storage()?.setItem(SESSION_STORAGE_KEY, String(expiry));
  notify();
}

/** Opens (or re-times) the session from an answer that carries `expires_at`. */
export function startSession(expiresAt?: string, now = Date.now()): void {
  endReason = 'expired';
  writeExpiry(expiryFrom(expiresAt, now));
}

/** A successful call slides the session; without a session there is nothing to extend. */
export function extendSession(now = Date.now()): void {
  if (isSessionActive(now)) writeExpiry(now + SESSION_LIFETIME_MS);
}

export function endSession(reason: SessionEndReason = 'expired'): void {
  endReason = reason;
  const had = storage()?.getItem(SESSION_STORAGE_KEY) !== null;
  // Before anyone hears that it ended (and the screens unmount): what is on screen is still there to keep.
  if (had) for (const listener of endingListeners) listener(reason);
  storage()?.removeItem(SESSION_STORAGE_KEY);
  if (had) notify();
}

export function sessionEndReason(): SessionEndReason {
  return endReason;
}

/** Called as a session ends, while its screens are still mounted. */
export function onSessionEnding(listener: EndingListener): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab that logs in or out changes the same storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) notify();
  });
}
