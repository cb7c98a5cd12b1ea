import { SESSION_CHECK_INTERVAL_MS, type SessionAnswer } from '@reqloom/domain';
import { api } from './client';
import { endSession, getSessionExpiry, needsRefresh, startSession } from './session';

let refreshing = false;

/** One tick of the clock: ends an expired session, refreshes one that is about to expire. */
export async function checkSession(now = Date.now()): Promise<void> {
  const expiry = getSessionExpiry();
  if (expiry === null) return;
  if (expiry <= now) {
    endSession();
    return;
  }
  if (!needsRefresh(expiry, now) || refreshing) return;
  refreshing = true;
  try {
    const answer = await api.post<SessionAnswer>('auth/refresh');
    startSession(answer.expires_at);
  } catch {
    // A 401 has already ended the session; anything else (network) is retried on the next tick, until expiry.
  } finally {
    refreshing = false;
  }
}

export function startSessionClock(): () => void {
  const timer = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
