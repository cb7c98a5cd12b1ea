import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { idSchema } from '@reqloom/domain';
import type { AppContext } from '../context';
import type { DomainEvent } from '../events/bus';
import { SESSION_COOKIE } from '../http/session-cookie';
import { authStillValid, resolveAccessToken, resolveSession, type Auth } from '../modules/auth/session.service';
import { can } from '../policies/policy';
import { findProject, isProjectMember } from '../policies/project-access';

export const projectRoom = (projectId: number) => `project.${projectId}`;

type Ack = (answer: { ok: boolean; message?: string }) => void;
type SocketData = { auth: Auth };

/**
 * The caller must belong to the project, through a session or token that still holds: checked on
 * subscribe, and again before every event is sent (a logout or a password reset ends the flow too).
 */
async function mayFollow(ctx: AppContext, auth: Auth, projectId: number): Promise<boolean> {
  if (!(await authStillValid(ctx.db, auth))) return false;
  if (!(await findProject(ctx.db, projectId))) return false;
  const isMember = await isProjectMember(ctx.db, projectId, auth.user.id);
  return can(auth.user, { do: 'project.subscribe', project: { id: projectId, isMember } });
}

/**
 * Socket.IO on the app's own port (path /socket.io). A connection authenticates like an HTTP call
 * (session cookie, or a Bearer token in `auth.token`), then subscribes to projects; each project is a
 * room that receives the project's domain events.
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
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      try {
        callback(null, new URL(origin).host === req.headers.host || origin === ctx.config.appUrl);
      } catch {
        callback(null, false);
      }
    },
  });

  const closers: Array<() => Promise<unknown>> = [];
  if (ctx.config.redisUrl) {
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }

  io.use((socket, next) => {
    void (async () => {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const cookie = cookies[SESSION_COOKIE];
      let auth: Auth | null = cookie ? await resolveSession(ctx.db, cookie) : null;
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (!auth && typeof token === 'string' && token.length <= 200) auth = await resolveAccessToken(ctx.db, token);
      if (!auth) return next(new Error('Unauthenticated.'));
      socket.data.auth = auth;
      next();
    })().catch(() => next(new Error('Unauthenticated.')));
  });

  io.on(
    'connection',
    (socket: Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>) => {
      socket.on('subscribe', (payload: unknown, ack?: Ack) => {
        const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
        const parsed = idSchema.safeParse((payload as { project_id?: unknown } | null)?.project_id);
        if (!parsed.success) return reply({ ok: false, message: 'Not found.' });
        mayFollow(ctx, socket.data.auth, parsed.data).then(
          async (allowed) => {
            if (!allowed) return reply({ ok: false, message: 'This action is unauthorized.' });
            await socket.join(projectRoom(parsed.data));
            reply({ ok: true });
          },
          () => reply({ ok: false, message: 'Server error.' }),
        );
      });
      socket.on('unsubscribe', (payload: unknown, ack?: Ack) => {
        const parsed = idSchema.safeParse((payload as { project_id?: unknown } | null)?.project_id);
        if (parsed.success) void socket.leave(projectRoom(parsed.data));
        if (typeof ack === 'function') ack({ ok: true });
      });
    },
  );

  const unsubscribe = ctx.events.subscribe(async (event: DomainEvent, origin) => {
    const room = projectRoom(event.projectId);
    // Whoever has lost membership since subscribing stops receiving (decisions §7).
    if (event.name !== 'ProjectDeleted') {
      for (const socket of await io.in(room).fetchSockets()) {
        const allowed = await mayFollow(ctx, socket.data.auth, event.projectId);
        if (!allowed) socket.leave(room);
      }
    }
    const target = origin ? io.to(room).except(origin) : io.to(room);
    target.emit(event.name as never, { ...event.data, project_id: event.projectId });
    if (event.name === 'ProjectDeleted') io.in(room).socketsLeave(room);
  });

  return {
    io,
    async close() {
      unsubscribe();
      await io.close();
      for (const close of closers) await close().catch(() => undefined);
    },
  };
}
