import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_MS } from '@reqloom/domain';
import { ApiError } from './ApiError';
import { api, attachmentName, requestFile } from './client';
import { fakeBrowser, json } from '../test/fakeBrowser';
import { getSessionExpiry, isSessionActive, startSession } from './session';
import { setSocketId } from './socketId';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setSocketId('');
});

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });

  it('fetches the CSRF cookie before the first write and echoes it decoded', async () => {
    const { calls } = fakeBrowser(() => json(200, { ok: true }));
    await api.post('auth/forgotpassword', { email: 'a@b.c' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/auth/forgotpassword',
    ]);
    const headers = calls[1]!.headers;
    expect(headers['X-XSRF-TOKEN']).toBe('tok+en');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('en');
    expect(calls[1]!.body).toEqual({ email: 'a@b.c' });
  });

  it('does not wait for the cookie before a read', async () => {
    const { calls } = fakeBrowser(() => json(200, { data: 1 }));
    await expect(api.get('user')).resolves.toEqual({ data: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/user']);
  });

  it('fetches the cookie again and retries once on 419', async () => {
    let answered = 0;
    const { calls, document } = fakeBrowser(() =>
      answered++ === 0 ? json(419, { message: 'CSRF token mismatch.' }) : json(200, {}),
    );
    document.cookie = 'XSRF-TOKEN=stale';
    await api.put('user', { name: 'A' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/user',
      'GET /sanctum/csrf-cookie',
      'PUT /api/user',
    ]);
    expect(calls[2]!.headers['X-XSRF-TOKEN']).toBe('tok+en');
  });

  it('answers undefined for 204 and sends the socket id once there is one', async () => {
    const { calls } = fakeBrowser(() => new Response(null, { status: 204 }));
    setSocketId('sock-1');
    await expect(api.delete('user/tokens/3')).resolves.toBeUndefined();
    expect(calls.at(-1)!.headers['X-Socket-ID']).toBe('sock-1');
  });

  it('throws an ApiError with the status, message and field errors', async () => {
    fakeBrowser(() => json(422, { message: 'Invalid.', errors: { email: ['Those credentials are incorrect.'] } }));
    const error = await api.post('auth/login', { email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors?.email).toEqual(['Those credentials are incorrect.']);
  });

  it('turns a network failure into status 0', async () => {
    fakeBrowser(() => json(200, {}));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('user')).rejects.toMatchObject({ status: 0 });
  });

  it('slides the session on success, and only when there is one', async () => {
    fakeBrowser(() => json(200, {}));
    await api.get('user');
    expect(getSessionExpiry()).toBeNull();
    startSession(new Date(Date.now() + 1000).toISOString());
    await api.get('user');
    expect(getSessionExpiry()).toBe(Date.now() + SESSION_LIFETIME_MS);
  });

  it('ends the session on a 401, except from login', async () => {
    fakeBrowser(() => json(401, { message: 'Unauthenticated.' }));
    startSession();
    await expect(api.post('auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(isSessionActive()).toBe(true);
    await expect(api.get('user')).rejects.toMatchObject({ status: 401 });
    expect(isSessionActive()).toBe(false);
  });

  it('reads a file with its name, and a refused one as an ApiError', async () => {
    const { calls } = fakeBrowser((call) =>
      call.url.endsWith('/gone')
        ? json(404, { message: 'This link has been used or has expired.' })
        : new Response('PK', {
            status: 200,
            headers: {
              'content-disposition': `attachment; filename="Systeme.docx"; filename*=UTF-8''${encodeURIComponent('Système.docx')}`,
            },
          }),
    );
    const file = await requestFile('/api/downloads/abc');
    expect(calls[0]!.url).toBe('/api/downloads/abc');
    expect(calls[0]!.headers.Accept).toBe('*/*');
    expect(await file.blob.text()).toBe('PK');
    expect(file.name).toBe('Système.docx');
    await expect(requestFile('/api/downloads/gone')).rejects.toMatchObject({
      status: 404,
      message: 'This link has been used or has expired.',
    });
  });
});

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, and is null without a header', () => {
    expect(attachmentName(`attachment; filename="a_b.docx"; filename*=UTF-8''a%22b.docx`)).toBe('a"b.docx');
    expect(attachmentName('attachment; filename="Plain name.reqif"')).toBe('Plain name.reqif');
    expect(attachmentName('attachment; filename=bare.reqifz')).toBe('bare.reqifz');
    expect(attachmentName(`attachment; filename="ok.docx"; filename*=UTF-8''%E0%A4%A.docx`)).toBe('ok.docx');
    expect(attachmentName(null)).toBeNull();
  });
});
