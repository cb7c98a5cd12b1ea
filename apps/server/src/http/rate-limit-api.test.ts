import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { SubscribeAnswer } from '@reqloom/domain';
import { cookieOf, createTestApp, listen, unique, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitApi: 3 });
});
afterAll(async () => {
  await t.close();
});

describe('RATE_LIMIT_API', () => {
  it('limits calls per minute per session, with Retry-After, and counts each session apart', async () => {
    const user = await t.signUp();
    // signUp made no authenticated call yet: three calls pass, the fourth is refused.
    for (let i = 0; i < 3; i++) expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    const limited = await user.agent.get('/api/user');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.signUp();
    expect((await other.agent.get('/api/user')).statusCode).toBe(200);
  });

  it('counts realtime subscriptions as calls of the same session', async () => {
    const user = await t.signUp();
    const project = (await user.agent.post('/api/projects', { name: 'Limited', acronym: 'LM', slug: unique('prj') }))
      .data.data;
    const base = await listen(t.app);
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: cookieOf(user) },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const subscribe = () => socket.emitWithAck('subscribe', { project_id: project.id }) as Promise<SubscribeAnswer>;
      // One call made the project: two subscriptions pass, the third is refused, and so is the next HTTP call.
      expect(await subscribe()).toMatchObject({ ok: true });
      expect(await subscribe()).toMatchObject({ ok: true });
      expect(await subscribe()).toEqual({ ok: false, message: 'Too many requests.' });
      expect((await user.agent.get('/api/user')).statusCode).toBe(429);
    } finally {
      socket.disconnect();
    }
  });
});
