import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessTokens, sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { slideSession, type User } from './identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// `t.ctx.db` is the pool the routes use, not the connection the server listens on: a write through it that no
// service makes is, to the cache, what the command line or an operator's SQL is.
const heard = () => t.ctx.authChanges!.sync();

describe('who a session belongs to, kept between calls', () => {
  it('serves a known session without reading it, and ends it when its row goes, whoever deletes it', async () => {
    const user = await t.signUp();
    // Signing up changed the user: what its first call read may be overtaken by that change's notification, and
    // is then not kept. Once that is heard, the call's session is kept.
    await heard();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    expect(t.ctx.authCache.enabled).toBe(true);
    expect(t.ctx.authCache.size).toBeGreaterThan(0);

    await t.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await heard();
    const after = await user.agent.get('/api/user');
    expect(after.statusCode).toBe(401);
  });

  it('shows a change of the user made outside the server on its next call', async () => {
    const user = await t.signUp();
    expect((await user.agent.get('/api/user')).data.data.alpha).toBe(false);
    await t.ctx.db.update(users).set({ alpha: true, name: 'Renamed' }).where(eq(users.id, user.id));
    await heard();
    expect((await user.agent.get('/api/user')).data.data).toMatchObject({ alpha: true, name: 'Renamed' });
  });

  it('shows its own changes of the user at once, before their notification', async () => {
    const user = await t.signUp();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    expect((await user.agent.put('/api/user', { name: 'New name' })).statusCode).toBe(200);
    expect((await user.agent.get('/api/user')).data.data.name).toBe('New name');
    expect((await user.agent.put('/api/user/preferences', { preferences: { lang: 'fr' } })).statusCode).toBe(200);
    expect((await user.agent.get('/api/user')).data.data.preferences.lang).toBe('fr');
  });

  it('refuses a token deleted outside the server, and one emptied by TRUNCATE', async () => {
    const user = await t.signUp();
    const make = async () => {
      const client = t.agent();
      client.bearer = (await user.agent.post('/api/auth/generatetoken', { name: 'add-in' })).data.data.token;
      expect((await client.get('/api/user')).statusCode).toBe(200);
      return client;
    };
    const first = await make();
    await t.ctx.db.delete(accessTokens).where(eq(accessTokens.userId, user.id));
    await heard();
    expect((await first.get('/api/user')).statusCode).toBe(401);

    const second = await make();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    await t.ctx.db.execute(sql`truncate access_tokens`);
    await heard();
    expect((await second.get('/api/user')).statusCode).toBe(401);
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
  });

  it('ends a session at once when its expiry is brought forward, not when it slides', async () => {
    const user = await t.signUp();
    await heard();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    const size = t.ctx.authCache.size;
    expect(size).toBeGreaterThan(0);
    // A later expiry is not announced (a slide is written every 15 s of use): the entry stays.
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(sessions.userId, user.id));
    await heard();
    expect(t.ctx.authCache.size).toBe(size);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    await heard();
    expect((await user.agent.get('/api/user')).statusCode).toBe(401);
  });
});

describe('what a cached session may do', () => {
  it('reads only: a write reads its session, so a session ended elsewhere changes nothing before it is heard', async () => {
    const user = await t.signUp();
    await heard();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    // The window between another server's commit and its notification, held open: nothing is forgotten.
    const deaf = vi.spyOn(t.ctx.authCache, 'forgetUser').mockImplementation(() => undefined);
    try {
      await t.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
      await heard();
      expect((await user.agent.get('/api/user')).statusCode).toBe(200);
      const write = await user.agent.put('/api/user', { name: 'Not me' });
      expect(write.statusCode).toBe(401);
      // The write that found the session gone forgot it: the next read reads it again too.
      expect((await user.agent.get('/api/user')).statusCode).toBe(401);
    } finally {
      deaf.mockRestore();
    }
    const [row] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row!.name).not.toBe('Not me');
  });

  it('does not carry a slide that wrote nothing (the session ended meanwhile) into the cache', async () => {
    const user = await t.signUp();
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const auth = { kind: 'session' as const, user: {} as User, sessionId: row!.id, expiresAt: new Date(0) };
    expect(await slideSession(t.ctx.db, auth)).toBeInstanceOf(Date);
    await t.ctx.db.delete(sessions).where(eq(sessions.id, row!.id));
    expect(await slideSession(t.ctx.db, auth)).toBeNull();
  });
});

describe('when the server cannot hear the changes', () => {
  it('reads every session from the database until it hears them again', async () => {
    const user = await t.signUp();
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    if (t.ctx.database.driver === 'pglite') {
      // PGlite runs in this process and calls its listeners before a statement's promise resolves: there is no
      // connection to lose, so the cache is on from the start and stays on.
      expect(t.ctx.authCache.enabled).toBe(true);
      return;
    }
    // On PostgreSQL the listening connection is killed, as a restart of the database or a network cut would.
    await t.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'reqloom listens on reqloom_auth'`,
    );
    await vi.waitFor(() => expect(t.ctx.authCache.enabled).toBe(false), { timeout: 5_000 });
    expect(t.ctx.authCache.size).toBe(0);
    // Nobody hears this deletion; the call reads the session and finds it gone.
    await t.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await user.agent.get('/api/user')).statusCode).toBe(401);

    // A new connection listens again and the cache serves again.
    await vi.waitFor(() => expect(t.ctx.authCache.enabled).toBe(true), { timeout: 10_000 });
    const other = await t.signUp();
    await heard();
    expect((await other.agent.get('/api/user')).statusCode).toBe(200);
    expect(t.ctx.authCache.size).toBeGreaterThan(0);
    await t.ctx.db.delete(sessions).where(eq(sessions.userId, other.id));
    await heard();
    expect((await other.agent.get('/api/user')).statusCode).toBe(401);
  });
});
