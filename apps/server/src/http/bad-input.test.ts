import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUp, type TestApp } from '../test/harness';

// Walks every API route the app registers with hostile input: whatever comes in, the answer is a
// 4xx JSON error with a message, never a 500, and a route added later is covered without a change here.

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const fill = (url: string, value: string) => url.replace(/:(\w+)\??/g, value);
const huge = 'x'.repeat(1_000_000);

const payloads: Array<[string, { raw?: string; body?: unknown }]> = [
  ['malformed JSON', { raw: '{"a": [1, 2' }],
  ['a JSON array', { body: [1, 2, 3] }],
  ['a JSON string', { raw: '"just a string"' }],
  ['null', { raw: 'null' }],
  ['wrong types', { body: { name: 12, email: [], password: {}, token: true, preferences: 'x', id: 'x' } }],
  ['1 MB strings', { body: { name: huge, email: huge, password: huge, username: huge, token: huge } }],
  ['unknown fields only', { body: { nonsense: 1, __proto__: { polluted: true }, constructor: 'x' } }],
  [
    'NUL characters',
    {
      body: {
        name: 'a\u0000b',
        email: 'nul\u0000@example.com',
        username: 'n\u0000',
        description: '<p>\u0000</p>',
        preferences: { tours: { 'a\u0000': true } },
        children: [{ document_id: 1, category_id: null, name: '\u0000' }],
      },
    },
  ],
  ['deeply nested', { raw: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) }],
];

describe('every API route refuses bad input cleanly', () => {
  it('has routes to walk', () => {
    expect(t.routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(10);
  });

  it('never answers 500, always JSON with a message', async () => {
    const failures: string[] = [];
    // Logging out mid-walk would turn every later call into a 401 and hide what it should find.
    const routes = t.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/auth/logout',
    );
    for (const route of routes) {
      for (const params of ['1', '999999', 'abc', '%E0%A4%A', '-1', '1e99']) {
        const url = fill(route.url, params);
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const cases = method === 'GET' || method === 'DELETE' ? payloads.slice(0, 1) : payloads;
        for (const [label, p] of cases) {
          const res =
            method === 'GET' || method === 'DELETE'
              ? await user.agent.request(method, url)
              : await user.agent.request(method, url, p.body, p.raw === undefined ? {} : { rawBody: p.raw });
          const ok = res.statusCode < 500 && (res.statusCode < 400 || typeof res.data?.message === 'string');
          if (!ok) failures.push(`${method} ${url} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk used the user's session all along; it must still be usable, and unchanged in name.
    const me = await user.agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.data.data.name).toBe(user.name);
    // Every route × six ids × every payload: the walk grows with the API, and a busy CI machine runs it slowly.
  }, 180_000);

  it('refuses every unsafe call without the CSRF header', async () => {
    const failures: string[] = [];
    for (const route of t.routes.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    )) {
      user.agent.csrf = false;
      const res = await user.agent.request(route.method as 'POST', fill(route.url, '1'), {});
      user.agent.csrf = true;
      if (res.statusCode !== 419) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
