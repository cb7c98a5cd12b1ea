import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData } from 'ws';
import type { AppContext } from '../core/context';
import { sessionTokenOf } from '../http/session-cookie';
import { resolveSessionByHash } from '../core/identity';
import { hashToken } from '../security/tokens';
import { watchAccess } from './access-watch';
import { mergeApiUpdates } from './api-updates';
import { authenticationExtension } from './authentication.extension';
import { awarenessExtension } from './awareness.extension';
import { AWARENESS_CLOSE, AwarenessGate } from './awareness-gate';
import { COLLABORATION_LIMITS, documentNameOf, OpenSockets } from './connection-limits';
import type { CollaborationContext } from './context';
import { persistenceExtension } from './persistence.extension';
import { sizeExtension } from './size.extension';
import { elementsExtension } from './elements.extension';
import { sameOrigin } from '../http/same-origin';

export const COLLABORATION_PATH = '/collab';

/** A description with a few images by reference stays far below this; a larger message is an attack. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * Hocuspocus's Redis extension carries edits and awareness between instances. Its store lock is left out: when two
 * instances stored at once, it made one skip its store for good, and the last keystrokes typed there waited for the
 * next change to be written back. Here every instance stores what was typed on it, and the database merges the
 * states under the requirement's row lock, so concurrent stores are safe and nothing is skipped.
 */
class RedisWithoutStoreLock extends Redis {
  override async onStoreDocument(): Promise<void> {}
  override async afterStoreDocument(): Promise<void> {}
}

function redisExtension(redisUrl: string): Redis {
  const url = new URL(redisUrl);
  return new RedisWithoutStoreLock({
    host: url.hostname,
    port: Number(url.port || 6379),
    options: {
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: Number(url.pathname.slice(1) || 0),
    },
    prefix: 'reqloom:collaboration',
  });
}

/**
 * Hocuspocus (Yjs) on the app's port at /collab (decisions §7, §15), beside Socket.IO: a `ws` server in noServer
 * mode takes the upgrades of that path. Built from small extensions: authentication and policy, awareness as the
 * server knows the user, persistence with the description's write-back, Redis across instances; plus the watch
 * that closes connections when access ends and the merge of API changes into live documents.
 */
export async function attachCollaboration(app: FastifyInstance, ctx: AppContext) {
  // The persistence closes a document's connections through the access watch, which needs Hocuspocus first.
  const access: { watch?: ReturnType<typeof watchAccess> } = {};
  const persistence = persistenceExtension(ctx, (name) => access.watch?.closeDocument(name), app.log);
  const hocuspocus = new Hocuspocus<CollaborationContext>({
    name: 'reqloom',
    quiet: true,
    // The description is written back at most 2 s after a change, however long the typing goes on (§15).
    debounce: 1000,
    maxDebounce: 2000,
    extensions: [
      ...(ctx.config.redisUrl ? [redisExtension(ctx.config.redisUrl)] : []),
      authenticationExtension(ctx),
      sizeExtension(),
      elementsExtension(),
      awarenessExtension(),
      persistence,
    ],
  });
  const watch = watchAccess(ctx, hocuspocus);
  access.watch = watch;
  const stopMerging = mergeApiUpdates(ctx, hocuspocus);
  // What a crash left in the update log is written back now, in the background: the start does not wait for it.
  void persistence.recover().catch((error: unknown) => app.log.error({ err: error }, 'collaboration log not read'));

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const openSockets = new OpenSockets();

  function refuse(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    let path: string;
    try {
      path = new URL(request.url ?? '/', 'http://localhost').pathname;
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    // Socket.IO answers its own upgrades (it was started with destroyUpgrade: false).
    if (path.startsWith('/socket.io/')) return;
    if (path !== COLLABORATION_PATH) return refuse(socket, 404, 'Not Found');
    // A page of another site must not ride on the user's cookie.
    if (!sameOrigin(request, ctx.config.appUrl)) return refuse(socket, 403, 'Forbidden');
    const cookie = sessionTokenOf(app.parseCookie(request.headers.cookie ?? ''));
    const authHash = cookie ? hashToken(cookie) : undefined;
    const auth = authHash ? await resolveSessionByHash(ctx.db, authHash).catch(() => null) : null;
    const userId = auth?.user.id;
    if (userId !== undefined && !openSockets.open(userId)) return refuse(socket, 429, 'Too Many Requests');
    let counted = userId !== undefined;
    const release = () => {
      if (counted && userId !== undefined) openSockets.close(userId);
      counted = false;
    };
    // The upgrade may fail (the client gone meanwhile): the socket then counts no more.
    socket.once('close', release);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const documents = new Set<string>();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers.set(name, value);
      const connection = hocuspocus.handleConnection(
        ws,
        new Request(new URL(request.url ?? '/', 'http://localhost'), { headers }),
        auth ? { auth, authHash } : {},
      );
      // Awareness is bounded before Hocuspocus decodes it (awareness-gate.ts).
      const awareness = new AwarenessGate(
        (message) => connection.handleMessage(message),
        () => ws.close(AWARENESS_CLOSE.code, AWARENESS_CLOSE.reason),
      );
      ws.on('message', (data: RawData) => {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        const message = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const name = documentNameOf(message);
        if (name !== null && !documents.has(name)) {
          if (documents.size >= COLLABORATION_LIMITS.documentsPerSocket) return ws.close(1008, 'Too many documents.');
          documents.add(name);
        }
        if (!awareness.takes(message)) connection.handleMessage(message);
      });
      ws.on('close', (code: number, reason: Buffer) => {
        awareness.dispose();
        connection.handleClose({ code, reason: reason.toString() });
      });
      ws.on('error', () => ws.terminate());
    });
  }

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(request, socket, head).catch(() => socket.destroy());
  };
  app.server.on('upgrade', listener);

  return {
    hocuspocus,
    async close() {
      app.server.off('upgrade', listener);
      stopMerging();
      watch?.stop();
      // Pending write-backs run now, so that nothing typed is lost on a shutdown.
      hocuspocus.flushPendingStores();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await persistence.settle();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      hocuspocus.closeConnections();
      for (const extension of hocuspocus.configuration.extensions)
        await extension.onDestroy?.({ instance: hocuspocus });
    },
  };
}
