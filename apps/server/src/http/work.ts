import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BatchedRealtimeEvent } from '@reqloom/domain';
import type { AppContext } from '../core/context';
import type { ProjectLockStrength } from '../core/locks';
import { runWork, type Work } from '../core/work';
import type { WorkActor } from '../core/audit';
import type { WireMessage } from '../events/wire-message';
import { originOf } from './origin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The wire events of the units of work this request committed in its project, in order (see `inWork`). */
    workEvents: BatchedRealtimeEvent[] | null;
  }
}

/**
 * Runs a route's writes as one unit of work: the caller's language, and its socket spared its own events. A
 * project-scoped route's work locks its project first (`update` only to delete it), so that every write in a project
 * takes its locks in one order (db/locks.ts). Once committed, the work's events for the route's project (the ones its
 * room got; the caller is a member) are kept for the answer (`registerWorkEvents`).
 */
export function inWork<T>(
  ctx: AppContext,
  request: FastifyRequest,
  fn: (work: Work) => Promise<T>,
  projectLock: ProjectLockStrength = 'key share',
  isolation?: 'repeatable read',
): Promise<T> {
  const project = request.project ? { id: request.project.id, strength: projectLock } : undefined;
  const committed = project && ((wire: WireMessage[]) => keepEvents(request, project.id, wire));
  return runWork(
    ctx,
    { actor: actorOf(request), lang: request.lang, origin: originOf(request), project, committed, isolation },
    fn,
  );
}

/**
 * Who a request acts for in the audit trail: its session's user, or its access token (the owner, and the token's
 * name). Calls without a caller (sign-up, a password reset) change nothing a project's trail holds.
 */
export function actorOf(request: FastifyRequest): WorkActor {
  const auth = request.auth;
  if (!auth) return { type: 'cli', name: 'anonymous' };
  if (auth.kind === 'token') return { type: 'token', id: auth.user.id, tokenId: auth.tokenId, name: auth.user.name };
  return { type: 'user', id: auth.user.id, name: auth.user.name };
}

function keepEvents(request: FastifyRequest, projectId: number, wire: WireMessage[]) {
  const events = wire
    .filter((message) => message.projectId === projectId)
    .map(
      (message) =>
        ({ name: message.name, payload: { ...message.data, project_id: projectId } }) as BatchedRealtimeEvent,
    );
  request.workEvents = [...(request.workEvents ?? []), ...events];
}

const prefersRepresentation = (request: FastifyRequest) =>
  /\breturn=representation\b/.test([request.headers.prefer ?? ''].flat().join(','));
/** The API's answer envelope `{data, …}`: a bare answer (an upload's `{fileName}`) is left as it is. */
const isEnvelope = (payload: unknown): payload is { data: unknown } =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'data' in payload;
const succeeded = (reply: FastifyReply) => reply.statusCode >= 200 && reply.statusCode < 300;

/**
 * The server's events reach the caller too (issue 33): a project-scoped write that committed a unit of work answers
 * `{data, …, events}`, the events its project's room got for it, which the caller applies as other members' (its
 * own socket is spared them). Added to an answer in the `{data}` envelope; an answer without a body (204) becomes
 * 200 `{events}` only when the call asked for it (`Prefer: return=representation`, RFC 7240), so that plain API
 * clients keep their 204. Registered before compression, which must see the final body.
 */
export function registerWorkEvents(app: FastifyInstance): void {
  app.decorateRequest('workEvents', null);
  app.addHook('preSerialization', async (request, reply, payload) => {
    const events = request.workEvents;
    if (!events || !succeeded(reply) || !isEnvelope(payload)) return payload;
    return { ...payload, events };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const events = request.workEvents;
    if (!events || reply.statusCode !== 204 || !prefersRepresentation(request)) return payload;
    reply
      .code(200)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Preference-Applied', 'return=representation');
    return JSON.stringify({ events });
  });
}
