import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, type SignedUp, type TestApp } from '../test/harness';
import { isApiPath } from './route-scope';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp({ name: 'Original Name' });
});
afterAll(async () => {
  await t.close();
});

/** Other spellings of `/api/<rest>` that a browser, a proxy or the router may treat as the same path. */
const spellings = (rest: string) => [
  `/%61pi/${rest}`,
  `/%61%70%69/${rest}`,
  `/ap%69/${rest}`,
  `/api//${rest}`,
  `//api/${rest}`,
  `/api/./${rest}`,
  `/api/%2E/${rest}`,
  `/api/x/../${rest}`,
  `/API/${rest}`,
  `/Api/${rest}`,
  `/api/${rest.replace(/.$/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
];

function cookieHeader(): string {
  return cookieOf(user);
}

describe('routes are matched after decoding; checks follow the matched route', () => {
  it('refuses cross-site writes (no CSRF header) however the path is written', async () => {
    await user.agent.ensureCsrf();
    const calls = [
      ...spellings('auth/logout').map((url) => ({ method: 'POST' as const, url, payload: undefined })),
      ...spellings('user').map((url) => ({ method: 'PUT' as const, url, payload: { name: 'Forged' } })),
      ...spellings('user/preferences').map((url) => ({
        method: 'PUT' as const,
        url,
        payload: { preferences: { lang: 'fr' } },
      })),
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { cookie: cookieHeader() } });
      expect([419, 404], `${call.method} ${call.url}`).toContain(res.statusCode);
      expect(res.json(), `${call.method} ${call.url}`).toHaveProperty('message');
    }
    // Nothing happened: still signed in, same name, same language.
    const me = await user.agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.data.data.name).toBe('Original Name');
    expect(me.data.data.preferences.lang).toBe('en');
  });

  it('authenticates a request by its matched route, so an encoded path is the same call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/user', headers: { cookie: cookieHeader() } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
    const anonymous = await t.app.inject({ method: 'GET', url: '/%61pi/user' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('still answers the legitimate forms, with the CSRF header', async () => {
    const renamed = await user.agent.put('/api/user', { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    const encoded = await user.agent.put('/%61pi/user', { name: 'Renamed Again' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.data.data.name).toBe('Renamed Again');
    expect((await user.agent.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await user.agent.get('/api/user')).statusCode).toBe(401);
  });

  it('answers a JSON 404 for unknown API paths in any spelling, never the web client', async () => {
    for (const url of spellings('nothing-here')) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found.' });
    }
  });
});

describe('isApiPath', () => {
  it('recognises /api and /sanctum after decoding and normalising', () => {
    for (const url of ['/api', '/api/x', '/%61pi/x', '//API/x', '/./api/x', '/sanctum/x', '/SANCTUM']) {
      expect(isApiPath(url), url).toBe(true);
    }
    for (const url of ['/', '/dashboard', '/apix/y', '/assets/api/x', '/project/api/x']) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
