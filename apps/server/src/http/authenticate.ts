import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Language } from '@reqloom/domain';
import { languageFrom } from '../i18n/messages';
import type { AppContext } from '../core/context';
import {
  resolveAccessTokenByHash,
  resolveSessionByHash,
  slideSession,
  TOKEN_TOUCH_GRANULARITY_MS,
  touchAccessToken,
  type Auth,
} from '../core/identity';
import { hashToken } from '../security/tokens';
import { forbidden, tooManyRequests, unauthenticated } from '../core/errors';
import { isApiRoute } from './route-scope';
import { sessionTokenOf } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    lang: Language;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the caller once per request, from the session cookie or else a Bearer token, and the
 * language of server messages from Accept-Language. Routes that need a user add `authenticated`.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'en');
  // Only a successful call keeps the session alive: 10 minutes from the last one.
  // Slid before the answer leaves, so that the next call always sees the new expiry.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (auth?.kind === 'session' && reply.statusCode < 400) {
      const slid = await slideSession(ctx.db, auth).catch(() => null);
      if (slid) ctx.authCache.slid(sessionKey(hashToken(sessionTokenOf(request.cookies) ?? '')), auth.expiresAt, slid);
    }
    return payload;
  });
  app.addHook('onRequest', async (request) => {
    request.lang = languageFrom(request.headers['accept-language']);
    if (!isApiRoute(request)) return;
    // A read may be answered on what this server knows of the caller; a write reads its session or token, so that
    // nothing is changed in the name of a session another server has just ended (before this one hears of it).
    const fresh = !SAFE_METHODS.has(request.method);
    const cookie = sessionTokenOf(request.cookies);
    if (cookie) {
      const hash = hashToken(cookie);
      request.auth = await ctx.authCache.resolve(sessionKey(hash), () => resolveSessionByHash(ctx.db, hash), { fresh });
    }
    if (!request.auth) {
      const token = bearerToken(request);
      if (token) {
        const hash = hashToken(token);
        const key = tokenKey(hash);
        request.auth = await ctx.authCache.resolve(key, () => resolveAccessTokenByHash(ctx.db, hash), { fresh });
        if (request.auth?.kind === 'token' && ctx.authCache.touchDue(key, TOKEN_TOUCH_GRANULARITY_MS))
          await touchAccessToken(ctx.db, request.auth.tokenId);
      }
    }
    if (request.auth) {
      request.log = request.log.child({ userId: request.auth.user.id });
      const limit = ctx.config.rateLimitApi;
      if (limit) {
        const wait = ctx.rateLimiter.hit(apiRateKey(request.auth), limit);
        if (wait !== null) throw tooManyRequests(wait);
      }
    }
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The cache's keys: a session's or a token's hash, apart. */
export const sessionKey = (hash: string) => `s:${hash}`;
export const tokenKey = (hash: string) => `t:${hash}`;

/** RATE_LIMIT_API counts the calls of one session or token under this key (realtime subscriptions too). */
export const apiRateKey = (auth: Auth) =>
  auth.kind === 'session' ? `api:s:${auth.sessionId}` : `api:t:${auth.tokenId}`;

/** Route hook: 401 unless the caller is authenticated. Runs before validation, as the house order wants. */
export const authenticated: onRequestAsyncHookHandler = async (request) => {
  if (!request.auth) throw unauthenticated();
};

/** Route hook for account-management calls that an access token may not make. */
export const sessionOnly: onRequestAsyncHookHandler = async (request) => {
  if (!request.auth) throw unauthenticated();
  if (request.auth.kind !== 'session') throw forbidden('auth.session_required');
};

export function currentUser(request: FastifyRequest): Auth['user'] {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}
