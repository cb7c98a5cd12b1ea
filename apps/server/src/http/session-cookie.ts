import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const SESSION_COOKIE = 'reqloom_session';
/** The longest session or access token read from a request: anything longer is no token of ours, and not hashed. */
export const MAX_CREDENTIAL_LENGTH = 200;

/** The session token a request's cookies carry (HTTP, realtime and collaboration read it here), if it can be one. */
export function sessionTokenOf(cookies: Record<string, string | undefined>): string | undefined {
  const cookie = cookies[SESSION_COOKIE];
  return cookie && cookie.length <= MAX_CREDENTIAL_LENGTH ? cookie : undefined;
}

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** httpOnly and SameSite=Lax; no Max-Age: the server decides when the session ends. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
