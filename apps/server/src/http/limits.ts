import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/context';
import { tooManyRequests } from '../core/errors';

/** Per-minute limits of decisions §10 for the unauthenticated account calls. */
export const LIMITS = {
  loginPerIpAndEmail: 10,
  registerPerIp: 10,
  passwordPerEmail: 5,
} as const;

export function enforceLimit(ctx: AppContext, key: string, limit: number): void {
  const wait = ctx.rateLimiter.hit(key, limit);
  if (wait !== null) throw tooManyRequests(wait);
}

export const clientIp = (request: FastifyRequest) => request.ip;
