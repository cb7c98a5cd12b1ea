import type { IncomingMessage } from 'node:http';

/**
 * Whether a request that upgrades to a socket (realtime, collaboration) comes from a page of this site: browsers send
 * Origin, and a page of another site must not ride on the user's cookie. No Origin: not a browser, let through.
 */
export function sameOrigin(request: IncomingMessage, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host || origin === appUrl;
  } catch {
    return false;
  }
}
