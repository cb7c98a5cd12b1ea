import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, type SignedUp, type TestApp } from '../test/harness';

// Every 4xx and 5xx under /api and /sanctum is JSON {message}: never Fastify's {error, code, statusCode}
// nor Node's bare answers, whichever layer refuses the request.

let t: TestApp;
let user: SignedUp;
let cookie: string;
let csrf: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  csrf = await user.agent.ensureCsrf();
  cookie = cookieOf(user);
});
afterAll(async () => {
  await t.close();
});

function expectMessageOnly(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toMatch(/FST_|statusCode/);
}

/** Sends raw bytes to a listening copy of the app and reads the whole answer (the server closes the socket). */
async function rawExchange(
  request: string,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const address = t.app.server.address() as AddressInfo;
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    socket.write(request);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
}

describe('error shapes under /api and /sanctum', () => {
  it('414 for a path parameter over the router limit (a 3,000-character confirm token)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/confirm/${'a'.repeat(3000)}` });
    expectMessageOnly(res, 414);
  });

  it('400 for malformed percent-encoding, in the caller language', async () => {
    expectMessageOnly(await t.app.inject({ method: 'GET', url: '/api/user/%zz' }), 400);
    expectMessageOnly(await t.app.inject({ method: 'GET', url: '/sanctum/%E0%A4%A' }), 400);
    const fr = await t.app.inject({ method: 'POST', url: '/api/%', headers: { 'accept-language': 'fr' } });
    expectMessageOnly(fr, 400);
    expect(fr.json().message).toBe("L'adresse n'est pas valide.");
  });

  it('404 for unknown routes, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      expectMessageOnly(await t.app.inject({ method, url: '/api/no/such/route' }), 404);
      expectMessageOnly(await t.app.inject({ method, url: '/sanctum/nothing' }), 404);
    }
  });

  it('413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { cookie, 'x-xsrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expectMessageOnly(res, 413);
  });

  it('415 for a media type no parser takes', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { cookie, 'x-xsrf-token': csrf, 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expectMessageOnly(res, 415);
  });

  it('400 for bodies Fastify refuses itself (prototype poisoning, a wrong length, empty JSON)', async () => {
    const headers = { cookie, 'x-xsrf-token': csrf, 'content-type': 'application/json' };
    const poisoned = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers,
      payload: '{"__proto__": {"alpha": true}}',
    });
    expectMessageOnly(poisoned, 400);
    const constructor = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers,
      payload: '{"constructor": {"prototype": {"alpha": true}}}',
    });
    expectMessageOnly(constructor, 400);
    const wrongLength = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...headers, 'content-length': '10' },
      payload: '{}',
    });
    expectMessageOnly(wrongLength, 400);
    const empty = await t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: '' });
    expectMessageOnly(empty, 400);
  });

  describe('refusals of the HTTP parser, on a listening server', () => {
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('431 for a URL too long for the parser', async () => {
      const res = await rawExchange(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expectMessageOnly(res, 431);
    });

    it('431 for headers too large', async () => {
      const res = await rawExchange(`GET /api/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      expectMessageOnly(res, 431);
    });

    it('400 for a request the parser cannot read', async () => {
      const res = await rawExchange('GET /api/user HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
      expectMessageOnly(res, 400);
    });
  });
});
