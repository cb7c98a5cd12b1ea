import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { APP_URL, ProviderBrowser, startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { reviewScene, sign } from '../../test/signatures';

// Signing a review with an account linked to single sign-on (decisions §23 and §26): a fresh login at the provider
// (prompt=login, max_age=0, auth_time checked) instead of the password; local accounts keep the password. And what
// OIDC_LOCAL_PASSWORDS=false closes.

let idp: TestProvider;
let t: TestApp;
let scene: Awaited<ReturnType<typeof reviewScene>>;
beforeAll(async () => {
  idp = await startTestProvider();
  t = await createTestApp({ appUrl: APP_URL, oidc: idp.config() });
  scene = await reviewScene(t);
  // Ann links her account: the provider first, then her password in the same browser.
  await linkAtProvider(scene.ann, 'ann');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function viaProvider(user: SignedUp, login: string, start: string) {
  const started = await user.agent.get(start);
  expect(started.statusCode).toBe(302);
  const url = new URL(started.headers.location as string);
  const back = await new ProviderBrowser(login).visit(url.href);
  return { url, answer: await user.agent.get(`${back.pathname}${back.search}`) };
}

async function linkAtProvider(user: SignedUp, login: string) {
  idp.people.set(login, { email: user.email, email_verified: true, name: user.name });
  const { answer } = await viaProvider(user, login, '/api/auth/oidc/login');
  expect(answer.headers.location).toBe('/login?sso_link=1');
  const res = await user.agent.post('/api/auth/login', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
}

describe('signing with an account linked to the provider', () => {
  it('needs a fresh login at the provider, not the password, and the proof serves once', async () => {
    const reviewId: number = scene.review.id;
    const refused = await sign(scene.ann, reviewId);
    expect(refused.statusCode).toBe(422);
    expect(refused.data.errors.password).toEqual([expect.stringContaining('single sign-on')]);

    const { url, answer } = await viaProvider(scene.ann, 'ann', `/api/auth/oidc/reauth?return_to=/reviews/${reviewId}`);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('max_age')).toBe('0');
    expect(answer.headers.location).toBe(`/reviews/${reviewId}?reauth=ok`);
    const signed = await scene.ann.agent.post(`/api/reviews/sign/${reviewId}`, { meaning: 'approved' });
    expect(signed.statusCode).toBe(201);

    // The proof is spent: revoking needs another fresh login.
    const signatureId: number = signed.data.data.id;
    const revoke = { signature_id: signatureId, reason: 'Signed the wrong one' };
    expect((await scene.ann.agent.post(`/api/reviews/revokesignature/${reviewId}`, revoke)).statusCode).toBe(422);
    await viaProvider(scene.ann, 'ann', `/api/auth/oidc/reauth?return_to=/reviews/${reviewId}`);
    expect((await scene.ann.agent.post(`/api/reviews/revokesignature/${reviewId}`, revoke)).statusCode).toBe(200);
  });

  it('refuses a login at the provider older than five minutes, and a proof of someone else', async () => {
    const reviewId: number = scene.review.id;
    idp.mode.staleLogin = true;
    try {
      const { answer } = await viaProvider(scene.ann, 'ann', `/api/auth/oidc/reauth?return_to=/reviews/${reviewId}`);
      // Back to the review, where the dialog says why (she is still logged in there).
      expect(answer.headers.location).toBe(`/reviews/${reviewId}?reauth_error=reauth`);
    } finally {
      idp.mode.staleLogin = false;
    }
    expect((await sign(scene.ann, reviewId)).statusCode).toBe(422);

    // Bob (a local account) carrying Ann's proof cookie still signs with his own password only.
    await viaProvider(scene.ann, 'ann', `/api/auth/oidc/reauth?return_to=/reviews/${reviewId}`);
    scene.bob.agent.cookies.set('reqloom_reauth', scene.ann.agent.cookies.get('reqloom_reauth')!);
    const noPassword = await scene.bob.agent.post(`/api/reviews/sign/${reviewId}`, { meaning: 'approved' });
    expect(noPassword.statusCode).toBe(422);
    expect((await sign(scene.bob, reviewId)).statusCode).toBe(201);
  });

  it('refuses a re-authentication as another person of the provider', async () => {
    idp.people.set('mallory', { email: 'mallory@corp.example', email_verified: true });
    const { answer } = await viaProvider(scene.ann, 'mallory', '/api/auth/oidc/reauth?return_to=/');
    expect(answer.headers.location).toBe('/?reauth_error=reauth');
  });
});

describe('OIDC_LOCAL_PASSWORDS=false', () => {
  it('closes registration, and the password login and reset of linked accounts; unlinked accounts keep theirs', async () => {
    t.ctx.config.oidc!.localPasswords = false;
    try {
      const agent = t.agent();
      const reg = await agent.post('/api/auth/register', {
        name: 'New',
        username: 'newcomer',
        email: 'new@example.com',
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      });
      expect(reg.statusCode).toBe(422);
      expect(reg.data.message).toContain('single sign-on');
      const login = await t.agent().post('/api/auth/login', { email: scene.ann.email, password: scene.ann.password });
      expect(login.statusCode).toBe(422);
      expect(login.data.errors.email[0]).toContain('single sign-on');
      const forgot = await t.agent().post('/api/auth/forgotpassword', { email: scene.ann.email });
      expect(forgot.statusCode).toBe(422);
      const rita = await t.agent().post('/api/auth/login', { email: scene.rita.email, password: scene.rita.password });
      expect(rita.statusCode).toBe(200);
      expect((await t.agent().get('/api/auth/oidc')).data.local_passwords).toBe(false);
    } finally {
      t.ctx.config.oidc!.localPasswords = true;
    }
  });
});
