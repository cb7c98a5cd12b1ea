/**
 * The page to come back to after the provider: a path of this app only. Anything else (an absolute URL, `//host`,
 * `/\host`, a control character) becomes `/`, so that no "return to" parameter is an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const parsed = new URL(value, 'http://reqloom.invalid');
  if (parsed.origin !== 'http://reqloom.invalid') return '/';
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Adds one query parameter to a path made safe by safeReturnTo. */
export function withParam(path: string, name: string, value: string): string {
  const parsed = new URL(path, 'http://reqloom.invalid');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * Where a login through the provider lands: the login page, told that the session cookie is set (`sso_done=1`) and
 * where to go on (`from`, the page asked for). The web client keeps its own copy of the session's expiry (the session
 * clock) and sends anyone without one to login; the login page starts it from POST auth/refresh, then goes on.
 */
export function signedInLanding(returnTo: string): string {
  return returnTo === '/' ? '/login?sso_done=1' : `/login?sso_done=1&from=${encodeURIComponent(returnTo)}`;
}
