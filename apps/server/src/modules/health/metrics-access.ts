import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../core/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in a time that tells nothing of the token: both sides hashed to one length first. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Headers a proxy adds: a request that carries one came through a proxy, whatever its socket's address. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A caller on this machine that reached the port itself. The socket's address, never `request.ip`: with
 * TRUST_PROXY, `request.ip` is read from X-Forwarded-For, which a client may write. And a proxy on this machine
 * connects from the loopback for every client, so a request carrying a forwarding header is not local.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && FORWARDED.every((name) => request.headers[name] === undefined);
}

/**
 * Who may read /metrics (decisions §26): with a token, `Authorization: Bearer <token>` (401 otherwise); without one,
 * a local caller only (403 otherwise).
 */
export function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) throw unauthenticated();
    return;
  }
  if (!isLocalCaller(request)) throw forbidden();
}
