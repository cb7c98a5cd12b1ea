import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, resetServerClock, serverNow } from './serverClock';

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe('server clock', () => {
  it('runs on the server’s time when the client’s clock is behind', () => {
    vi.useFakeTimers();
    const client = Date.parse('2026-03-01T12:00:00Z');
    vi.setSystemTime(client);
    // The server is 20 s ahead; the answer took 100 ms.
    noteServerDate(new Date(client + 20_000).toUTCString(), client - 100, client);
    expect(Math.abs(serverNow() - (client + 20_000))).toBeLessThanOrEqual(1000);
  });

  it('ignores a missing or broken Date header, and noise under a second', () => {
    vi.useFakeTimers();
    const client = Date.parse('2026-03-01T12:00:00Z');
    vi.setSystemTime(client);
    noteServerDate(null, client, client);
    noteServerDate('not a date', client, client);
    expect(serverNow()).toBe(client);
    noteServerDate(new Date(client - 3000).toUTCString(), client, client);
    const first = serverNow();
    noteServerDate(new Date(client - 3000).toUTCString(), client + 200, client + 200);
    expect(serverNow()).toBe(first);
  });
});
