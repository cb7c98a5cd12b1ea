import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser, json } from '../test/fakeBrowser';
import { getSessionExpiry, startSession } from './session';
import { checkSession } from './sessionClock';

const NOW = Date.parse('2030-01-01T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('checkSession', () => {
  it('leaves a session with time to spare alone', async () => {
    const { calls } = fakeBrowser(() => json(200, {}));
    startSession(new Date(NOW + 120_000).toISOString());
    await checkSession(NOW);
    expect(calls).toEqual([]);
  });

  it('refreshes a session in its last minute and takes the new expiry', async () => {
    const { calls } = fakeBrowser(() => json(200, { success: true, expires_at: '2030-01-01T00:10:00.000Z' }));
    startSession(new Date(NOW + 30_000).toISOString());
    await checkSession(NOW);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/auth/refresh' });
    expect(getSessionExpiry()).toBe(Date.parse('2030-01-01T00:10:00.000Z'));
  });

  it('ends an expired session without asking the server', async () => {
    const { calls } = fakeBrowser(() => json(200, {}));
    startSession(new Date(NOW - 1).toISOString());
    await checkSession(NOW);
    expect(calls).toEqual([]);
    expect(getSessionExpiry()).toBeNull();
  });
});
