import type { FastifyRequest } from 'fastify';

/** The caller's realtime connection id (X-Socket-ID): events a call causes are not echoed to it. */
export function originOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-socket-id'];
  const id = Array.isArray(value) ? value[0] : value;
  return id && id.length <= 100 ? id : undefined;
}
