import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Agent } from '../../test/agent';
import { oidcFlows, oidcIdentities, users } from '../../db/schema';
import { createTestApp, unique, type TestApp } from '../../test/harness';
import { APP_URL, ProviderBrowser, startTestProvider, type TestProvider } from '../../test/oidc-provider';

// Single sign-on against a real OpenID Connect provider (decisions §26): oidc-provider started on a free port, the
// whole authorization code flow through the HTTP API, and each forgery refused.

// The log is kept: a refusal says which check failed, and no code, state or token appears in it.
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const refusals = () => lines.filter((l) => l.includes('single sign-on refused')).map((l) => JSON.parse(l).detail);

let idp: TestProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startTestProvider();
  t = await createTestApp({ appUrl: APP_URL, oidc: idp.config(), logLevel: 'info' }, { logStream: sink });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/**
 * A login's landing: the login page, which starts the web client's session clock, then goes on to the page asked
 * for (/projects, in these tests).
 */
const LANDING_PROJECTS = '/login?sso_done=1&from=%2Fprojects';

/** Someone the provider knows, by a fresh login name. */
function person(details: { email?: string; email_verified?: boolean; name?: string } = {}) {
  const login = unique('p');
  const email = details.email ?? `${login}@corp.example`;
  idp.people.set(login, { email, email_verified: true, name: 'Pat Provider', ...details });
  return { login, email };
}

type Trip = { start: string; rewrite?: (url: URL) => void; browser?: ProviderBrowser };

/** Starts at the app, goes through the provider's pages, and answers the app's answer to the callback. */
async function sso(agent: Agent, login: string, trip: Partial<Trip> = {}) {
  const started = await agent.get(trip.start ?? '/api/auth/oidc/login?return_to=/projects');
  expect(started.statusCode).toBe(302);
  const url = new URL(started.headers.location as string);
  expect(url.origin).toBe(idp.issuer);
  trip.rewrite?.(url);
  const back = await (trip.browser ?? new ProviderBrowser(login)).visit(url.href);
  const callbackPath = `${back.pathname}${back.search}`;
  const answer = await agent.get(callbackPath);
  return { answer, callbackPath, authorizeUrl: url };
}

const sessionOf = (agent: Agent) => agent.get('/api/user');
const userNamed = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('GET auth/oidc', () => {
  it('tells the login page the display name, never the secret', async () => {
    const res = await t.agent().get('/api/auth/oidc');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ enabled: true, display_name: 'Test IdP', local_passwords: true, linked: false });
    expect(res.body).not.toContain('reqloom-secret');
  });
});

describe('login through the provider', () => {
  it('asks for the code flow with PKCE, a state and a nonce, back to the fixed redirect URI', async () => {
    const res = await t.agent().get('/api/auth/oidc/login');
    const url = new URL(res.headers.location as string);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oidc/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('client_secret')).toBeNull();
  });

  it('creates a confirmed account at the first login, opens a session and returns to the page asked for', async () => {
    const { login, email } = person({ name: 'Nina New' });
    const agent = t.agent();
    const { answer } = await sso(agent, login);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(LANDING_PROJECTS);
    const me = await sessionOf(agent);
    expect(me.statusCode).toBe(200);
    const user = await userNamed(email);
    expect(user?.confirmedAt).toBeInstanceOf(Date);
    expect(user?.name).toBe('Nina New');
    const links = await t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, user!.id));
    expect(links).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: login })]);

    // The second login finds the same account by (issuer, subject).
    const again = t.agent();
    expect((await sso(again, login)).answer.headers.location).toBe(LANDING_PROJECTS);
    expect((await t.ctx.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
  });

  it('refuses an address the provider has not verified', async () => {
    const { login, email } = person({ email_verified: false });
    const agent = t.agent();
    const { answer } = await sso(agent, login);
    expect(answer.headers.location).toBe('/login?sso_error=unverified');
    expect(await userNamed(email)).toBeUndefined();
    expect((await sessionOf(agent)).statusCode).toBe(401);
  });

  it('keeps no "return to" that leaves the app', async () => {
    for (const target of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      const { login } = person();
      const agent = t.agent();
      const { answer } = await sso(agent, login, {
        start: `/api/auth/oidc/login?return_to=${encodeURIComponent(target)}`,
      });
      expect(answer.headers.location).toBe('/login?sso_done=1');
    }
  });

  it('ends the session here at logout', async () => {
    const { login } = person();
    const agent = t.agent();
    await sso(agent, login);
    expect((await sessionOf(agent)).statusCode).toBe(200);
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await sessionOf(agent)).statusCode).toBe(401);
  });
});

describe('forgeries are refused', () => {
  it('a forged state, a state of another browser, and a state used twice', async () => {
    const { login } = person();
    const agent = t.agent();
    const started = await agent.get('/api/auth/oidc/login');
    const back = await new ProviderBrowser(login).visit(started.headers.location as string);
    const forged = new URL(back.href);
    forged.searchParams.set('state', 'forged-state');
    expect((await agent.get(`${forged.pathname}${forged.search}`)).headers.location).toBe('/login?sso_error=state');

    // The genuine answer, replayed by a browser that did not start the flow.
    const stranger = t.agent();
    expect((await stranger.get(`${back.pathname}${back.search}`)).headers.location).toBe('/login?sso_error=state');
    expect((await sessionOf(stranger)).statusCode).toBe(401);

    // A fresh flow succeeds once; its answer replayed with the same cookie finds the state used.
    const ok = await sso(agent, login);
    expect(ok.answer.headers.location).toBe(LANDING_PROJECTS);
    const replay = t.agent();
    const state = new URL(`${APP_URL}${ok.callbackPath}`).searchParams.get('state')!;
    replay.cookies.set('reqloom_oidc_state', state);
    expect((await replay.get(ok.callbackPath)).headers.location).toBe('/login?sso_error=state');
    expect((await sessionOf(replay)).statusCode).toBe(401);
  });

  it('an ID token with another nonce', async () => {
    const { login, email } = person();
    const agent = t.agent();
    const { answer } = await sso(agent, login, { rewrite: (url) => url.searchParams.set('nonce', 'not-the-one') });
    expect(answer.headers.location).toBe('/login?sso_error=token');
    expect(refusals().at(-1)).toContain('"nonce"');
    expect(await userNamed(email)).toBeUndefined();
    expect((await sessionOf(agent)).statusCode).toBe(401);
  });

  it('an expired ID token', async () => {
    const { login, email } = person();
    const agent = t.agent();
    idp.mode.expired = true;
    try {
      const { answer } = await sso(agent, login);
      expect(answer.headers.location).toBe('/login?sso_error=token');
      expect(refusals().at(-1)).toContain('"exp"');
    } finally {
      idp.mode.expired = false;
    }
    expect(await userNamed(email)).toBeUndefined();
    expect((await sessionOf(agent)).statusCode).toBe(401);
  });

  it('an ID token issued to another client', async () => {
    const { login, email } = person();
    const agent = t.agent();
    idp.mode.otherClient = true;
    try {
      const { answer } = await sso(agent, login, { rewrite: (url) => url.searchParams.set('client_id', 'other-app') });
      expect(answer.headers.location).toBe('/login?sso_error=token');
      expect(refusals().at(-1)).toContain('"aud"');
    } finally {
      idp.mode.otherClient = false;
    }
    expect(await userNamed(email)).toBeUndefined();
    expect((await sessionOf(agent)).statusCode).toBe(401);
  });

  it('an answer of the provider that is an error', async () => {
    const agent = t.agent();
    const started = await agent.get('/api/auth/oidc/login');
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    const res = await agent.get(`/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(res.headers.location).toBe('/login?sso_error=provider');
  });
});

describe('an existing account', () => {
  it('is linked only once its owner logs in with the password', async () => {
    const owner = await t.signUp({ name: 'Lena Local' });
    const login = unique('p');
    idp.people.set(login, { email: owner.email.toUpperCase(), email_verified: true, name: 'Lena' });
    const agent = t.agent();
    const { answer } = await sso(agent, login);
    expect(answer.headers.location).toBe('/login?sso_link=1');
    expect((await sessionOf(agent)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, owner.id))).toEqual([]);

    // Someone else's password login in that browser links nothing to them.
    const other = await t.signUp();
    expect((await agent.post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(
      200,
    );
    expect(await t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, other.id))).toEqual([]);

    // The owner: after the provider again, then the password, the link is made and the next SSO login is theirs.
    const browser = t.agent();
    await sso(browser, login);
    expect((await browser.post('/api/auth/login', { email: owner.email, password: 'wrong password' })).statusCode).toBe(
      422,
    );
    expect((await browser.post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
    const links = await t.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, owner.id));
    expect(links.map((l) => l.subject)).toEqual([login]);
    const later = t.agent();
    expect((await sso(later, login)).answer.headers.location).toBe(LANDING_PROJECTS);
    expect((await sessionOf(later)).data.data.id).toBe(owner.id);
    expect((await t.agent().get('/api/auth/oidc')).data.linked).toBe(false);
    expect((await later.get('/api/auth/oidc')).data.linked).toBe(true);
  });
});

describe('the log', () => {
  it('holds no authorization code, state, ID token or cookie of a login', async () => {
    const { login } = person();
    const agent = t.agent();
    const { callbackPath } = await sso(agent, login);
    const query = new URL(`${APP_URL}${callbackPath}`).searchParams;
    const secrets = [query.get('code')!, query.get('state')!, agent.cookies.get('reqloom_session')!];
    for (const secret of secrets) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    expect(lines.some((l) => l.includes('/api/auth/oidc/callback?code=[redacted]'))).toBe(true);
  });
});

describe('flows are single-use and short-lived', () => {
  it('leaves no record of a finished flow', async () => {
    const { login } = person();
    const agent = t.agent();
    const { callbackPath } = await sso(agent, login);
    const state = new URL(`${APP_URL}${callbackPath}`).searchParams.get('state')!;
    const { hashToken } = await import('../../security/tokens');
    expect(
      await t.ctx.db
        .select()
        .from(oidcFlows)
        .where(eq(oidcFlows.tokenHash, hashToken(state))),
    ).toEqual([]);
  });
});
