import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { randomToken, safeEqual } from '../security/tokens';
import { csrfMismatch } from '../core/errors';
import { isApiRoute } from './route-scope';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './session-cookie';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit cookie: GET /sanctum/csrf-cookie sets XSRF-TOKEN (readable by scripts), and every
 * unsafe call under /api/ must echo it in X-XSRF-TOKEN. A cross-site page can neither read the cookie
 * nor set the header. The check follows the matched route, however the URL spells it. Bearer calls without a session cookie carry no ambient credential, so they are exempt.
 */
export function registerCsrf(app: FastifyInstance, config: Config): void {
  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    const token = existing && /^[\w-]{20,100}$/.test(existing) ? existing : randomToken();
    void reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: config.secureCookies,
      httpOnly: false,
    });
    return reply.code(204).send();
  });

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !isApiRoute(request)) return;
    const hasSession = request.cookies[SESSION_COOKIE] !== undefined;
    if (!hasSession && /^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const headerValue = request.headers[CSRF_HEADER];
    const header = Array.isArray(headerValue) ? headerValue[0] : headerValue;
    if (!cookie || !header) throw csrfMismatch();
    let decoded: string;
    try {
      decoded = decodeURIComponent(header);
    } catch {
      throw csrfMismatch();
    }
    if (!safeEqual(cookie, decoded)) throw csrfMismatch();
  });
}
