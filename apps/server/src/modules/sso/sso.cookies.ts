import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

/**
 * The cookies of single sign-on, each httpOnly, SameSite=Lax (the provider sends the browser back by a top-level GET),
 * short-lived and scoped to the paths that read it. Each holds a random token; the database holds its hash.
 */
export const SSO_COOKIES = {
  /** Binds a flow to the browser that started it: the callback's `state` must equal it. */
  state: { name: 'reqloom_oidc_state', path: '/api/auth/oidc', maxAge: 600 },
  /** A provider identity waiting for its account's password (read by POST auth/login). */
  link: { name: 'reqloom_oidc_link', path: '/api/auth', maxAge: 600 },
  /** A fresh re-authentication at the provider, which one signature or revocation consumes. */
  reauth: { name: 'reqloom_reauth', path: '/api/reviews', maxAge: 300 },
} as const;

type Which = keyof typeof SSO_COOKIES;

export function setSsoCookie(reply: FastifyReply, config: Config, which: Which, value: string): void {
  const { name, ...options } = SSO_COOKIES[which];
  void reply.setCookie(name, value, { ...options, httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

export function clearSsoCookie(reply: FastifyReply, config: Config, which: Which): void {
  const { name, path } = SSO_COOKIES[which];
  void reply.clearCookie(name, { path, httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

export function ssoCookieOf(cookies: Record<string, string | undefined>, which: Which): string | undefined {
  const value = cookies[SSO_COOKIES[which].name];
  return value && value.length <= 200 ? value : undefined;
}
