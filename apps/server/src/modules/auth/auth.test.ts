import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, mailTokens, sessions, users } from '../../db/schema';
import { createTestApp, unique, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function registration(overrides: Record<string, unknown> = {}) {
  const username = unique('reg');
  return {
    name: 'Grace Hopper',
    username,
    email: `${username}@example.com`,
    password: 'a long enough secret',
    password_confirmation: 'a long enough secret',
    ...overrides,
  };
}

const confirmPath = (link: string) => `/api${new URL(link).pathname.replace('/confirm/', '/auth/confirm/')}`;

describe('register and confirm', () => {
  it('registers, mails a confirmation link written to the outbox, and confirms once', async () => {
    const agent = t.agent();
    const body = registration();
    const res = await agent.post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: 'Your account has been registered. However, it must be confirmed...' });

    const mail = t.mails.findLast((m) => m.to === body.email)!;
    expect(mail.links[0]).toMatch(new RegExp(`^http://reqloom\\.test/confirm/${body.username}/[\\w-]{40,}$`));
    const eml = fs.readdirSync(t.outboxDir).map((f) => fs.readFileSync(path.join(t.outboxDir, f), 'utf8'));
    expect(
      eml.some((text) => text.includes(`To: ${body.email}`) && text.includes('Confirm your Reqloom account')),
    ).toBe(true);

    // Not confirmed yet: the right password is refused with the reason.
    const early = await t.agent().post('/api/auth/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(422);
    expect(early.data.errors.email[0]).toMatch(/not been confirmed/);

    const confirm = await agent.get(confirmPath(mail.links[0]!));
    expect(confirm.statusCode).toBe(200);
    expect(confirm.data).toMatchObject({ confirmed: true, error: null });
    expect((await agent.get('/api/user')).data.data.username).toBe(body.username);

    const again = await t.agent().get(confirmPath(mail.links[0]!));
    expect(again.statusCode).toBe(422);
    expect(again.data).toEqual({
      message: 'The link you used to confirm this account is not valid.',
      confirmed: false,
      error: 'The link you used to confirm this account is not valid.',
    });
  });

  it('carries the page the newcomer came for into the confirmation link, and only a page of this site', async () => {
    const body = registration({ from: '/projects/join/ada/engine/Tk3n?x=1' });
    expect((await t.agent().post('/api/auth/register', body)).statusCode).toBe(201);
    const link = new URL(t.mails.findLast((m) => m.to === body.email)!.links[0]!);
    expect(link.searchParams.get('from')).toBe('/projects/join/ada/engine/Tk3n?x=1');
    // The link still confirms with its query string.
    const confirm = await t.agent().get(`/api${link.pathname.replace('/confirm/', '/auth/confirm/')}`);
    expect(confirm.statusCode).toBe(200);

    for (const from of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'dashboard', '/a b']) {
      const refused = registration({ from });
      const res = await t.agent().post('/api/auth/register', refused);
      expect(res.statusCode, from).toBe(422);
      expect(res.data.errors.from[0]).toBe('This must be a page of this site.');
      expect(t.mails.some((m) => m.to === refused.email)).toBe(false);
    }
  });

  it('refuses a wrong or expired confirmation link', async () => {
    const body = registration();
    await t.agent().post('/api/auth/register', body);
    const wrong = await t.agent().get(`/api/auth/confirm/${body.username}/not-the-token`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.confirmed).toBe(false);

    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, body.username));
    await t.ctx.db
      .update(mailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailTokens.userId, user!.id));
    const link = t.mails.findLast((m) => m.to === body.email)!.links[0];
    expect((await t.agent().get(confirmPath(link!))).statusCode).toBe(422);
  });

  it('validates every field and keeps nothing on failure', async () => {
    const res = await t.agent().post('/api/auth/register', {
      name: '',
      username: 'Bad Name!',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors).sort()).toEqual(['email', 'name', 'password', 'username']);
    expect(await t.ctx.db.select().from(users).where(eq(users.username, 'Bad Name!'))).toHaveLength(0);

    const mismatch = await t
      .agent()
      .post('/api/auth/register', registration({ password_confirmation: 'different one' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.data.errors.password).toEqual(['The confirmation does not match.']);
  });

  it('keeps usernames unique and e-mails unique case-insensitively', async () => {
    const first = registration();
    expect((await t.agent().post('/api/auth/register', first)).statusCode).toBe(201);
    const dupName = await t.agent().post('/api/auth/register', registration({ username: first.username }));
    expect(dupName.statusCode).toBe(422);
    expect(dupName.data.errors.username).toEqual(['This username is already taken.']);
    const dupMail = await t.agent().post('/api/auth/register', registration({ email: first.email.toUpperCase() }));
    expect(dupMail.statusCode).toBe(422);
    expect(dupMail.data.errors.email).toEqual(['This email address is already registered.']);
  });

  it('answers in French when asked, mails included', async () => {
    const agent = t.agent();
    agent.lang = 'fr';
    const body = registration();
    const res = await agent.post('/api/auth/register', body);
    expect(res.data.message).toBe('Votre compte a été enregistré. Il doit cependant être confirmé...');
    expect(t.mails.findLast((m) => m.to === body.email)!.subject).toBe('Confirmez votre compte Reqloom');
    const bad = await agent.post('/api/auth/register', { ...registration(), name: '' });
    expect(bad.data.errors.name).toEqual(['Ce champ est obligatoire.']);
  });

  it('stores the password hashed with scrypt, never in clear', async () => {
    const user = await t.signUp();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(row!.passwordHash).not.toContain(user.password);
  });
});

describe('login, refresh and logout', () => {
  it('logs in with a httpOnly session cookie whose token is stored only as a hash', async () => {
    const user = await t.signUp();
    const agent = t.agent();
    const res = await agent.post('/api/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.data.success).toBe(true);
    expect(new Date(res.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const cookie = (res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string }[]).find(
      (c) => c.name === 'reqloom_session',
    )!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.some((s) => s.tokenHash === cookie.value)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('refuses wrong credentials with the specified message', async () => {
    const user = await t.signUp();
    const wrong = await t.agent().post('/api/auth/login', { email: user.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.errors.email).toEqual(['Those credentials are incorrect.']);
    const unknown = await t.agent().post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.data.errors.email).toEqual(['Those credentials are incorrect.']);
  });

  it('slides the session: refresh extends it, an expired one is refused, logout ends it', async () => {
    const user = await t.signUp();
    const refresh = await user.agent.post('/api/auth/refresh');
    expect(refresh.statusCode).toBe(200);
    expect(refresh.data.success).toBe(true);

    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    // Changed behind the server's back, as the command line would: heard through the database's notification.
    await t.ctx.authChanges!.sync();
    expect((await user.agent.get('/api/user')).statusCode).toBe(401);

    const agent = t.agent();
    await agent.post('/api/auth/login', { email: user.email, password: user.password });
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    const token = agent.cookies.get('reqloom_session')!;
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(204);
    agent.cookies.set('reqloom_session', token);
    const after = await agent.get('/api/user');
    expect(after.statusCode).toBe(401);
    expect(after.data).toEqual({ message: 'Unauthenticated.' });
  });

  it('slides the session on successful calls only', async () => {
    const user = await t.signUp();
    const soon = new Date(Date.now() + 5_000);
    await t.ctx.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    await t.ctx.authChanges!.sync();
    expect((await user.agent.get('/api/projects/99999999')).statusCode).toBe(404);
    const [still] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(still!.expiresAt.getTime()).toBe(soon.getTime());
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    const [slid] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('limits login attempts to 10 a minute per IP and e-mail', async () => {
    const user = await t.signUp();
    const agent = t.agent();
    for (let i = 0; i < 10; i++) {
      expect((await agent.post('/api/auth/login', { email: user.email, password: 'wrong password' })).statusCode).toBe(
        422,
      );
    }
    const limited = await agent.post('/api/auth/login', { email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.data.message).toMatch(/Too many requests/);
    // Another address is not held back by this one.
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('limits registrations to 10 a minute per IP', async () => {
    const agent = t.agent();
    for (let i = 0; i < 10; i++) expect((await agent.post('/api/auth/register', registration())).statusCode).toBe(201);
    expect((await agent.post('/api/auth/register', registration())).statusCode).toBe(429);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link, resets once, ends the other sessions and opens one', async () => {
    const user = await t.signUp();
    await user.agent.post('/api/auth/generatetoken', { name: 'to be revoked by the reset' });
    const agent = t.agent();
    const forgot = await agent.post('/api/auth/forgotpassword', { email: user.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.data.message).toBe('You will receive a password reset email in your mailbox very shortly.');
    const link = t.mails.findLast((m) => m.to === user.email)!.links[0];
    expect(link).toMatch(/^http:\/\/reqloom\.test\/resetpassword\/[\w-]+$/);
    const token = link!.split('/').pop()!;

    const newPassword = 'another long secret';
    const reset = await agent.post('/api/auth/resetpassword', {
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.data.message).toBe('Your password has been reset.');
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect((await user.agent.get('/api/user')).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toHaveLength(0);

    const reuse = await t.agent().post('/api/auth/resetpassword', {
      email: user.email,
      password: newPassword,
      password_confirmation: newPassword,
      token,
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.data.message).toBeTruthy();
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      422,
    );
    expect((await t.agent().post('/api/auth/login', { email: user.email, password: newPassword })).statusCode).toBe(
      200,
    );
  });

  it('answers the specified message, without field errors, for an unknown e-mail', async () => {
    const res = await t.agent().post('/api/auth/forgotpassword', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.data).toEqual({ message: 'Your e-mail does not seem to be in our database.' });
  });

  it('refuses an expired reset token', async () => {
    const user = await t.signUp();
    await t.agent().post('/api/auth/forgotpassword', { email: user.email });
    const token = t.mails
      .findLast((m) => m.to === user.email)!
      .links[0]!.split('/')
      .pop()!;
    await t.ctx.db
      .update(mailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(mailTokens.userId, user.id));
    const res = await t.agent().post('/api/auth/resetpassword', {
      email: user.email,
      password: 'new password 1',
      password_confirmation: 'new password 1',
      token,
    });
    expect(res.statusCode).toBe(422);
  });

  it('limits forgot-password calls to 5 a minute per e-mail, whatever the address', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 5; i++)
      expect((await t.agent().post('/api/auth/forgotpassword', { email: user.email })).statusCode).toBe(200);
    expect((await t.agent().post('/api/auth/forgotpassword', { email: user.email })).statusCode).toBe(429);
  });
});

describe('access tokens', () => {
  it('generates a token shown once, stored hashed, usable as Bearer, listed and revocable', async () => {
    const user = await t.signUp();
    const gen = await user.agent.post('/api/auth/generatetoken', { name: 'Word add-in' });
    expect(gen.statusCode).toBe(201);
    const token: string = gen.data.data.token;
    expect(token).toMatch(/^rql_[\w-]{40,}$/);
    const [row] = await t.ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.lastUsedAt).toBeNull();

    const client = t.agent();
    client.bearer = token;
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.data.data.id).toBe(user.id);
    // Bearer calls carry no ambient credential, so they need no CSRF header.
    const prefs = await client.put('/api/user/preferences', { preferences: { autoNaming: false } });
    expect(prefs.statusCode).toBe(200);

    const list = await user.agent.get('/api/user/tokens');
    expect(list.data.data).toHaveLength(1);
    expect(list.data.data[0]).toEqual({
      id: row!.id,
      name: 'Word add-in',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });
    expect(JSON.stringify(list.data)).not.toContain(token);

    // A token cannot mint tokens, change the password or the e-mail (through which a reset link would go).
    expect((await client.post('/api/auth/generatetoken', { name: 'x' })).statusCode).toBe(403);
    expect((await client.put('/api/user', { email: 'attacker@example.com' })).statusCode).toBe(403);

    const other = await t.signUp();
    expect((await other.agent.delete(`/api/user/tokens/${row!.id}`)).statusCode).toBe(404);
    expect((await user.agent.delete(`/api/user/tokens/${row!.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a bad token name', async () => {
    const user = await t.signUp();
    const res = await user.agent.post('/api/auth/generatetoken', { name: 'x'.repeat(256) });
    expect(res.statusCode).toBe(422);
    expect(res.data.errors.name).toBeDefined();
  });
});
