import type { FastifyRequest } from 'fastify';
import { originRoom } from '../core/rooms';

/**
 * The caller's realtime connection (X-Socket-ID), as the room its events skip. Only a socket opened with the
 * caller's own session or token is in that room, so the header cannot silence anyone else.
 */
export function originOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-socket-id'];
  const id = Array.isArray(value) ? value[0] : value;
  if (!request.auth || !id || !/^[\w-]{1,64}$/.test(id)) return undefined;
  return originRoom(request.auth, id);
}
