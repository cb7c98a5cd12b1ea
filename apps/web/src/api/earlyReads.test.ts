import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, readEarly } from './client';
import { dropEarlyReads, EARLY_READ_TTL_MS } from './earlyReads';
import { fakeBrowser, json } from '../test/fakeBrowser';
import { startSession } from './session';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
});
afterEach(() => {
  dropEarlyReads();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early reads', () => {
  it('are taken by the first read of the same path, once', async () => {
    let n = 0;
    const { calls } = fakeBrowser(() => json(200, { data: ++n }));
    startSession();
    const early = readEarly('/api/documents/requirements/2');
    // Asked for twice early: still one call.
    expect(readEarly('documents/requirements/2')).toBe(early);
    await expect(api.get('documents/requirements/2')).resolves.toEqual({ data: 1 });
    await expect(api.get('documents/requirements/2')).resolves.toEqual({ data: 2 });
    expect(calls.map((c) => c.url)).toEqual(['/api/documents/requirements/2', '/api/documents/requirements/2']);
  });

  it('are not taken by another path, a read with a signal, or a write', async () => {
    const { calls } = fakeBrowser(() => json(200, { data: 1 }));
    startSession();
    void readEarly('user');
    await api.get('user/projects');
    await api.get('user', { signal: new AbortController().signal });
    await api.put('user', { name: 'A' });
    expect(calls.filter((c) => c.url.startsWith('/api/')).map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/user',
      'GET /api/user/projects',
      'GET /api/user',
      'PUT /api/user',
    ]);
  });

  it('are asked again once too old, or after they were dropped (the session ended)', async () => {
    const { calls } = fakeBrowser(() => json(200, { data: 1 }));
    startSession(new Date(Date.now() + 3_600_000).toISOString());
    void readEarly('user');
    vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    await api.get('user');
    void readEarly('projects/structure/1');
    dropEarlyReads();
    await api.get('projects/structure/1');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user',
      '/api/user',
      '/api/projects/structure/1',
      '/api/projects/structure/1',
    ]);
  });

  it('hand their failure to the read that takes them, and to nobody else', async () => {
    fakeBrowser(() => json(403, { message: 'Not a member.' }));
    startSession();
    void readEarly('projects/showfrompath/a/b');
    await expect(api.get('projects/showfrompath/a/b')).rejects.toMatchObject({ status: 403 });
  });
});
