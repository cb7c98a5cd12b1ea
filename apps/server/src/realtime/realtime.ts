import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { idSchema, type RealtimeBatch, type SubscribeAnswer } from '@reqloom/domain';
import type { AppContext } from '../core/context';
import type { CommittedWork } from '../events/bus';
import type { DomainEvent } from '../events/domain-events';
import { MAX_CREDENTIAL_LENGTH, sessionTokenOf } from '../http/session-cookie';
import { apiRateKey } from '../http/authenticate';
import { resolveAccessToken, resolveSession, sessionExpiry, type Auth } from '../core/identity';
import { can } from '../policies/policy';
import { membershipKey, memberships, projectRole } from '../policies/project-access';
import { eventBatches } from './batches';
import { MEMBERSHIP_SWEEP_MS, subscribedMemberships } from './membership-sweep';
import {
  originRoom,
  projectBatchRoom,
  projectRoom,
  projectRooms,
  sessionRoom,
  tokenRoom,
  userRoom,
  userSessionsRoom,
  userTokensRoom,
} from '../core/rooms';
import { sameOrigin } from '../http/same-origin';

type Ack = (answer: SubscribeAnswer) => void;
type SocketData = { auth: Auth };
type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** Longest wait between two looks at a session's expiry (it slides while its user works over HTTP). */
const MAX_EXPIRY_CHECK_MS = 10 * 60_000;
/** An event's name, its payload and its acknowledgement: what `subscribe` and `unsubscribe` take. */
const MAX_EVENT_ARGUMENTS = 3;
/**
 * Bounds on what one user holds on this instance (a tab has one socket and follows the projects it shows): without
 * them a script could open sockets and subscriptions until memory ran out, and 3,000 subscribes sent at once held
 * the health check 1.4 s behind their membership checks.
 */
export const REALTIME_LIMITS = { socketsPerUser: 50, projectsPerSocket: 100, checksPerSocket: 10 };

/**
 * Socket.IO on the app's own port (path /socket.io). A connection authenticates like an HTTP call (session
 * cookie, or an access token in `auth.token`) and subscribes to projects; access is checked when it subscribes.
 * Afterwards nothing is checked per event: the writes that end someone's access (logout, password change or
 * reset, token revoked, membership ended, project deleted) move or close that person's sockets by room, and a
 * session that expires closes its sockets when it does. A membership ended without a route (SQL, the command line)
 * is heard from the database as the same `MembershipEnded`; a sweep reads every subscription's membership again
 * every 30 s and when notifications may have been missed.
 *
 * With several instances, each receives every instance's committed work on the event bus (Redis), in the bus's
 * order, and acts on its own sockets only: it sends the wire messages and ends access there. There is no Socket.IO
 * adapter between instances: one channel, so that a socket gets every instance's events in one order, and events
 * batched on one instance are not overtaken by those of another.
 */
export async function attachRealtime(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<{ io: Server; close(): Promise<void> }> {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    destroyUpgrade: false,
    // Browsers send Origin; a page of another site must not ride on the user's cookie.
    allowRequest: (req, callback) => callback(null, sameOrigin(req, ctx.config.appUrl)),
  });

  io.use((socket, next) => {
    void (async () => {
      const cookie = sessionTokenOf(app.parseCookie(socket.handshake.headers.cookie ?? ''));
      let auth: Auth | null = cookie ? await resolveSession(ctx.db, cookie) : null;
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (!auth && typeof token === 'string' && token.length <= MAX_CREDENTIAL_LENGTH)
        auth = await resolveAccessToken(ctx.db, token);
      if (!auth) return next(new Error('Unauthenticated.'));
      if ((io.sockets.adapter.rooms.get(userRoom(auth.user.id))?.size ?? 0) >= REALTIME_LIMITS.socketsPerUser)
        return next(new Error('Too many connections.'));
      socket.data.auth = auth;
      next();
    })().catch(() => next(new Error('Unauthenticated.')));
  });

  // When each project's last event was sent (performance.now() of this process), from this instance or another:
  // a subscriber learns how long the project has been quiet and whether its earlier reads missed something.
  const lastEventAt = new Map<number, number>();
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  /** Closes a session's socket once the session has expired, looking again whenever it was slid meanwhile. */
  function watchExpiry(socket: AppSocket, expiresAt: Date) {
    const auth = socket.data.auth;
    if (auth.kind !== 'session') return;
    const wait = Math.min(Math.max(expiresAt.getTime() - Date.now() + 500, 0), MAX_EXPIRY_CHECK_MS);
    const timer = setTimeout(() => {
      sessionExpiry(ctx.db, auth.sessionId).then(
        (next) => {
          if (!socket.connected) return;
          if (!next || next.getTime() <= Date.now()) socket.disconnect(true);
          else watchExpiry(socket, next);
        },
        () => watchExpiry(socket, new Date(Date.now() + 5_000)),
      );
    }, wait);
    timer.unref();
    expiryTimers.set(socket.id, timer);
  }

  const batches = eventBatches(
    ctx.config.realtimeBatchWindowMs,
    (projectId, origin, events) => {
      const room = io.to(projectBatchRoom(projectId));
      const batch: RealtimeBatch = { project_id: projectId, events: events as RealtimeBatch['events'] };
      (origin ? room.except(origin) : room).emit('batch' as never, batch);
    },
    ctx.config.realtimeBatchWindowMaxMs,
  );
  // Subscriptions whose membership check is on its way, by project. A membership that ends meanwhile was read
  // before its end (the check says "member") while the write that ends it found no socket of that user in the room
  // yet: without this, the socket would join after and follow a project it no longer belongs to.
  const checking = new Map<number, Set<{ userId: number; ended: boolean }>>();
  function awaitCheck(projectId: number, userId: number) {
    const entry = { userId, ended: false };
    const set = checking.get(projectId) ?? new Set();
    checking.set(projectId, set.add(entry));
    return {
      get ended() {
        return entry.ended;
      },
      done() {
        set.delete(entry);
        if (set.size === 0 && checking.get(projectId) === set) checking.delete(projectId);
      },
    };
  }
  function endChecks(projectId: number, userId?: number) {
    for (const entry of checking.get(projectId) ?? [])
      if (userId === undefined || entry.userId === userId) entry.ended = true;
  }
  // Rooms are this instance's: one that none of its sockets is in costs nothing to skip.
  const anyoneIn = (room: string) => io.sockets.adapter.rooms.has(room);

  io.on('connection', (socket: AppSocket) => {
    // Socket.IO hands an event's arguments to its listener with Function.prototype.apply, in a tick of its own:
    // 200,000 of them (a 400 kB frame) overflowed the stack there, out of reach of any handler, and the process
    // died. No event of ours takes more than a payload and an acknowledgement; a socket that sends more is dropped.
    socket.use((event, next) => next(event.length > MAX_EVENT_ARGUMENTS ? new Error('Bad request.') : undefined));
    socket.on('error', () => socket.disconnect(true));
    const auth = socket.data.auth;
    const rooms = [userRoom(auth.user.id), originRoom(auth, socket.id)];
    if (auth.kind === 'session') rooms.push(sessionRoom(auth.sessionId), userSessionsRoom(auth.user.id));
    else rooms.push(tokenRoom(auth.tokenId), userTokensRoom(auth.user.id));
    void socket.join(rooms);
    if (auth.kind === 'session') watchExpiry(socket, auth.expiresAt);
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });

    // Membership checks of this socket on their way.
    let checks = 0;
    socket.on('subscribe', (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const request = payload as { project_id?: unknown; batch?: unknown } | null;
      const parsed = idSchema.safeParse(request?.project_id);
      if (!parsed.success) return reply({ ok: false, message: 'Not found.' });
      // A subscription counts as a call for RATE_LIMIT_API, as over HTTP, under the same key.
      const limit = ctx.config.rateLimitApi;
      if (limit && ctx.rateLimiter.hit(apiRateKey(auth), limit) !== null)
        return reply({ ok: false, message: 'Too many requests.' });
      if (checks >= REALTIME_LIMITS.checksPerSocket) return reply({ ok: false, message: 'Too many requests.' });
      const already = socket.rooms.has(projectRoom(parsed.data)) || socket.rooms.has(projectBatchRoom(parsed.data));
      const subscribed = [...socket.rooms].filter((room) => room.startsWith('project.')).length;
      if (!already && subscribed >= REALTIME_LIMITS.projectsPerSocket)
        return reply({ ok: false, message: 'Too many subscriptions.' });
      const batch = request?.batch === true;
      const [room, otherRoom] = batch
        ? [projectBatchRoom(parsed.data), projectRoom(parsed.data)]
        : [projectRoom(parsed.data), projectBatchRoom(parsed.data)];
      // Membership rows go with their project, so one look answers both "exists" and "belongs".
      const pending = awaitCheck(parsed.data, auth.user.id);
      checks += 1;
      projectRole(ctx.db, parsed.data, auth.user.id).then(
        async (role) => {
          pending.done();
          checks -= 1;
          if (pending.ended || !can(auth.user, { do: 'project.subscribe', project: { id: parsed.data, role } }))
            return reply({ ok: false, message: 'This action is unauthorized.' });
          // Subscribing again may change the mode: one room, so that no event comes twice. What waits in a batch
          // goes first: to this socket while it still subscribes in batches, or to the others once it no longer
          // does (it had those events one by one already).
          if (socket.rooms.has(otherRoom)) {
            batches.flush(parsed.data);
            await socket.leave(otherRoom);
          }
          await socket.join(room);
          const last = lastEventAt.get(parsed.data);
          reply({ ok: true, quiet_ms: last === undefined ? null : Math.round(performance.now() - last) });
        },
        () => {
          pending.done();
          checks -= 1;
          reply({ ok: false, message: 'Server error.' });
        },
      );
    });
    socket.on('unsubscribe', (payload: unknown, ack?: Ack) => {
      const parsed = idSchema.safeParse((payload as { project_id?: unknown } | null)?.project_id);
      if (parsed.success) for (const room of projectRooms(parsed.data)) void socket.leave(room);
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  function noteEvents(work: CommittedWork) {
    const now = performance.now();
    for (const message of work.wire) lastEventAt.set(message.projectId, now);
    for (const event of work.events) {
      if (event.name === 'ProjectDeleted') lastEventAt.delete(event.projectId);
      else if ('projectId' in event) lastEventAt.set(event.projectId, now);
    }
  }

  /** What a fact means for this instance's connections (every instance does the same for its own). */
  function endAccess(event: DomainEvent) {
    switch (event.name) {
      case 'MembershipEnded':
        // What was committed before the membership ended still reaches the member, as it would have unbatched.
        batches.flush(event.projectId);
        io.in(userRoom(event.userId)).socketsLeave(projectRooms(event.projectId));
        endChecks(event.projectId, event.userId);
        // Removed by a route, or left: the member's own sockets hear that the project is gone for them (§20).
        if (event.tell) io.to(userRoom(event.userId)).emit('ProjectDeleted', { project_id: event.projectId });
        break;
      case 'MembershipsChanged':
        sweepMemberships();
        break;
      case 'SessionEnded':
        io.in(sessionRoom(event.sessionId)).disconnectSockets(true);
        break;
      case 'UserSessionsEnded': {
        const sessions = io.in(userSessionsRoom(event.userId));
        (event.keepSessionId ? sessions.except(sessionRoom(event.keepSessionId)) : sessions).disconnectSockets(true);
        if (event.tokens) io.in(userTokensRoom(event.userId)).disconnectSockets(true);
        break;
      }
      case 'AccessTokenRevoked':
        io.in(tokenRoom(event.tokenId)).disconnectSockets(true);
        break;
      default:
        break;
    }
  }

  /** Reads the memberships of every subscription again; those found gone end as a `MembershipEnded` would. */
  function sweepMemberships() {
    const pairs = subscribedMemberships(io);
    if (pairs.length === 0) return;
    memberships(ctx.db, pairs).then(
      (present) => {
        for (const pair of pairs)
          if (!present.has(membershipKey(pair))) endAccess({ name: 'MembershipEnded', ...pair });
      },
      () => undefined,
    );
  }
  const sweep = setInterval(sweepMemberships, MEMBERSHIP_SWEEP_MS);
  sweep.unref();

  const unsubscribe = ctx.events.subscribe(
    (work: CommittedWork) => {
      noteEvents(work);
      for (const event of work.events) endAccess(event);
      for (const message of work.wire) {
        const payload = { ...message.data, project_id: message.projectId };
        const name = projectRoom(message.projectId);
        if (anyoneIn(name)) {
          const room = io.to(name);
          (work.origin ? room.except(work.origin) : room).emit(message.name as never, payload);
        }
        if (anyoneIn(projectBatchRoom(message.projectId)))
          batches.add(message.projectId, work.origin ?? null, { name: message.name, payload });
      }
      for (const event of work.events)
        if (event.name === 'ProjectDeleted') {
          // The batched subscribers get the deletion before the rooms are emptied.
          batches.flush(event.projectId);
          for (const room of projectRooms(event.projectId)) io.in(room).socketsLeave(room);
          endChecks(event.projectId);
        }
    },
    { ordered: true },
  );

  return {
    io,
    async close() {
      unsubscribe();
      clearInterval(sweep);
      batches.close();
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      await io.close();
    },
  };
}
