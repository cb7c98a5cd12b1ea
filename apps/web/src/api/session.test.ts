import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_MS } from '@reqloom/domain';
import { memoryStorage } from '../test/fakeBrowser';
import {
  endSession,
  expiryFrom,
  extendSession,
  getSessionExpiry,
  isSessionActive,
  needsRefresh,
  startSession,
  subscribeSession,
} from './session';

const NOW = Date.parse('2030-01-01T00:00:00Z');

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('session clock', () => {
  it('takes the expiry from the answer, or ten minutes from now', () => {
    expect(expiryFrom('2030-01-01T00:05:00.000Z', NOW)).toBe(NOW + 300_000);
    expect(expiryFrom(undefined, NOW)).toBe(NOW + SESSION_LIFETIME_MS);
    expect(expiryFrom('not a date', NOW)).toBe(NOW + SESSION_LIFETIME_MS);
  });

  it('refreshes only in the last minute of a live session', () => {
    expect(needsRefresh(NOW + 61_000, NOW)).toBe(false);
    expect(needsRefresh(NOW + 59_000, NOW)).toBe(true);
    expect(needsRefresh(NOW, NOW)).toBe(false);
  });

  it('starts, extends and ends, telling its subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    startSession(undefined, NOW);
    expect(isSessionActive(NOW + 1)).toBe(true);
    expect(isSessionActive(NOW + SESSION_LIFETIME_MS)).toBe(false);
    extendSession(NOW + 1000);
    expect(getSessionExpiry()).toBe(NOW + 1000 + SESSION_LIFETIME_MS);
    endSession();
    expect(getSessionExpiry()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('does not revive an expired session by extending it', () => {
    startSession(undefined, NOW);
    extendSession(NOW + SESSION_LIFETIME_MS + 1);
    expect(getSessionExpiry()).toBe(NOW + SESSION_LIFETIME_MS);
  });
});
