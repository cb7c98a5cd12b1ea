import { describe, expect, it } from 'vitest';
import { AuthCache } from './auth-cache';
import type { Auth, User } from './identity';

const user = (id: number) => ({ id, name: `u${id}` }) as User;
const session = (sessionId: number, userId: number, expiresAt: number): Auth => ({
  kind: 'session',
  user: user(userId),
  sessionId,
  expiresAt: new Date(expiresAt),
});

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('the session cache', () => {
  it('serves nothing and stores nothing until it hears changes, and forgets all when it stops', async () => {
    const time = clock();
    const cache = new AuthCache(time.now);
    let loads = 0;
    const load = async () => (loads++, session(1, 1, time.now() + 600_000));
    await cache.resolve('s:a', load);
    await cache.resolve('s:a', load);
    expect(loads).toBe(2);
    cache.up();
    await cache.resolve('s:a', load);
    await cache.resolve('s:a', load);
    expect(loads).toBe(3);
    cache.down();
    expect(cache.size).toBe(0);
    await cache.resolve('s:a', load);
    expect(loads).toBe(4);
  });

  it('does not keep what a read brought when a change came while it read', async () => {
    const cache = new AuthCache();
    cache.up();
    let finish!: (auth: Auth) => void;
    const pending = cache.resolve('s:a', () => new Promise<Auth>((resolve) => (finish = resolve)));
    // The user changes (a notification, or this server's own change) while the session is read.
    cache.forgetUser(1);
    finish(session(1, 1, Date.now() + 600_000));
    expect((await pending)?.user.id).toBe(1);
    expect(cache.get('s:a')).toBeUndefined();
    // Without a change in between, the same read is kept.
    await cache.resolve('s:a', async () => session(1, 1, Date.now() + 600_000));
    expect(cache.get('s:a')?.auth.user.id).toBe(1);
  });

  it('drops a session at its expiry, slides it, and trusts no entry past a minute', async () => {
    const time = clock();
    const cache = new AuthCache(time.now);
    cache.up();
    const first = time.now() + 10_000;
    await cache.resolve('s:a', async () => session(7, 1, first));
    time.advance(9_000);
    expect(cache.get('s:a')).toBeDefined();
    // A slide from another expiry than the entry holds (it was read again meanwhile) changes nothing.
    cache.slid('s:a', new Date(first - 1), new Date(time.now() + 600_000));
    expect(cache.get('s:a')?.auth).toMatchObject({ expiresAt: new Date(first) });
    cache.slid('s:a', new Date(first), new Date(time.now() + 600_000));
    time.advance(2_000);
    expect(cache.get('s:a')?.auth).toMatchObject({ sessionId: 7 });
    time.advance(50_000);
    expect(cache.get('s:a')).toBeUndefined();

    await cache.resolve('s:b', async () => session(8, 1, time.now() + 1_000));
    time.advance(1_000);
    expect(cache.get('s:b')).toBeUndefined();
  });

  it('reads again when asked for a fresh answer, and keeps it', async () => {
    const cache = new AuthCache();
    cache.up();
    let loads = 0;
    const load = async () => (loads++, session(1, 1, Date.now() + 600_000));
    await cache.resolve('s:a', load);
    await cache.resolve('s:a', load, { fresh: true });
    expect(loads).toBe(2);
    await cache.resolve('s:a', load);
    expect(loads).toBe(2);
    // A fresh read that finds the session gone forgets it, before its notification comes.
    await cache.resolve('s:a', async () => null, { fresh: true });
    expect(cache.get('s:a')).toBeUndefined();
  });

  it('forgets by user, session and token, and nothing else', async () => {
    const cache = new AuthCache();
    cache.up();
    const later = Date.now() + 600_000;
    await cache.resolve('s:1', async () => session(1, 1, later));
    await cache.resolve('s:2', async () => session(2, 1, later));
    await cache.resolve('s:3', async () => session(3, 2, later));
    await cache.resolve('t:4', async () => ({ kind: 'token', user: user(2), tokenId: 4 }));
    cache.forgetSession(2);
    expect([...['s:1', 's:2', 's:3', 't:4']].map((k) => cache.get(k) !== undefined)).toEqual([true, false, true, true]);
    cache.forgetToken(4);
    expect(cache.get('t:4')).toBeUndefined();
    cache.forgetUser(1);
    expect([cache.get('s:1'), cache.get('s:3')].map((e) => e !== undefined)).toEqual([false, true]);
  });

  it('keeps at most 10,000 entries, the oldest going first', async () => {
    const cache = new AuthCache();
    cache.up();
    const later = Date.now() + 600_000;
    for (let i = 0; i < 10_001; i++) await cache.resolve(`s:${i}`, async () => session(i, i, later));
    expect(cache.size).toBe(10_000);
    expect(cache.get('s:0')).toBeUndefined();
    expect(cache.get('s:10000')).toBeDefined();
  });
});
