import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, type SignedUp, type TestApp } from '../test/harness';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

describe('CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie and answers 204', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = (res.cookies as { name: string; httpOnly?: boolean }[]).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBeFalsy();
  });

  it('refuses unsafe calls without the header, with a wrong one, logged in or not', async () => {
    const anon = t.agent();
    anon.csrf = false;
    const res = await anon.post('/api/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(419);
    expect(res.data).toEqual({ message: 'CSRF token mismatch.' });

    await user.agent.ensureCsrf();
    const forged = await user.agent.request(
      'PUT',
      '/api/user',
      { name: 'Forged' },
      { headers: { 'x-xsrf-token': 'nope' } },
    );
    // The agent sets its own header first; an explicit wrong one replaces it.
    expect(forged.statusCode).toBe(419);
    user.agent.csrf = false;
    expect((await user.agent.put('/api/user', { name: 'Forged' })).statusCode).toBe(419);
    user.agent.csrf = true;
    expect((await user.agent.get('/api/user')).data.data.name).not.toBe('Forged');
  });
});

describe('error shapes', () => {
  it('answers 400 with a message for malformed JSON', async () => {
    const res = await user.agent.request('PUT', '/api/user', undefined, { rawBody: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await user.agent.request('PUT', '/api/user', undefined, {
      rawBody: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toBeTruthy();
  });

  it('answers a JSON 404 for an unknown API path and index.html or a notice for a client path', async () => {
    const res = await user.agent.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ message: 'Not found.' });
    const del = await user.agent.delete('/api/user');
    expect([404, 405]).toContain(del.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect([200, 503]).toContain(page.statusCode);
  });

  it('localises the messages from Accept-Language', async () => {
    const anon = t.agent();
    anon.lang = 'fr';
    const res = await anon.get('/api/user');
    expect(res.data).toEqual({ message: 'Non authentifié.' });
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user', '/api/user/preferences']),
    );
    expect(doc.paths['/api/auth/register'].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: t.ctx.database.driver });
  });
});

describe('compression', () => {
  it('compresses large JSON answers for clients that accept it, and leaves small ones alone', async () => {
    const owner = await t.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Big', acronym: 'BIG', slug: 'big-one' })).data
      .data;
    const document = (await owner.agent.post('/api/documents', { project_id: project.id, name: 'D', acronym: 'D' }))
      .data.data;
    for (let i = 0; i < 20; i++) {
      await owner.agent.post('/api/requirements', {
        document_id: document.id,
        name: `Requirement ${i}`,
        description: '<p>The system shall do it.</p>',
      });
    }
    const cookie = cookieOf(owner);
    const big = await t.app.inject({
      method: 'GET',
      url: `/api/documents/requirements/${document.id}`,
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
