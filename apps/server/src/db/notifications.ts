import type { PGlite } from '@electric-sql/pglite';

/** What a listener is told: each notification's payload, and when it starts or stops hearing them. */
export type NotificationHandlers = {
  notify(payload: string): void;
  /** Listening: from now on, every commit's notifications arrive. */
  up(): void;
  /** Not listening (the connection lost): notifications may be missed until the next `up`. */
  down(): void;
};

export type Listening = {
  /** Resolves once every notification committed before the call has been handled. */
  sync(): Promise<void>;
  close(): Promise<void>;
};

/**
 * How often the listening connection proves it hears: it notifies itself and must hear that within the timeout.
 * A connection can die silently, and one through a pooler in transaction mode answers queries but hears nothing;
 * until the first proof, and from the first miss, the listener is down. A lost connection is noticed within
 * PING_MS + PING_TIMEOUT_MS at worst (4 s), at once when it closes or errs.
 */
const PING_MS = 2_000;
const PING_TIMEOUT_MS = 2_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
const PING_PREFIX = 'ping:';

/**
 * LISTEN on a connection of its own, outside the pool. A lost connection (an error, its end, or a ping not heard)
 * says `down` at once and is replaced, with growing waits while the database is away; the new one says `up` once
 * it has heard its own first ping. Pings (`ping:…` payloads, this listener's or another server's) are not passed on.
 */
export function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Listening {
  const self = `${PING_PREFIX}${process.pid}.${Math.random().toString(36).slice(2)}.`;
  let closed = false;
  /** The connection that hears (or is being proved), with what stops its pings; at most one at a time. */
  let current: { client: import('pg').Client; stop(): void } | null = null;
  let up = false;
  let retry: NodeJS.Timeout | undefined;
  let wait = RETRY_MIN_MS;

  const lost = (client: import('pg').Client) => {
    if (current?.client !== client) return;
    current.stop();
    current = null;
    if (up) {
      up = false;
      handlers.down();
    }
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!closed) {
      retry = setTimeout(() => void connect(), wait);
      retry.unref();
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    }
  };

  const connect = async () => {
    retry = undefined;
    const { default: pg } = await import('pg');
    if (closed) return;
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: PING_TIMEOUT_MS * 2,
      query_timeout: PING_TIMEOUT_MS,
      // Named for whoever reads pg_stat_activity.
      application_name: `reqloom listens on ${channel}`,
    });
    let sent = 0;
    let awaited: NodeJS.Timeout | undefined;
    const ping = () => {
      if (awaited) return; // the last one still has time to come
      sent += 1;
      awaited = setTimeout(() => lost(client), PING_TIMEOUT_MS);
      awaited.unref();
      client.query('select pg_notify($1, $2)', [channel, `${self}${sent}`]).catch(() => lost(client));
    };
    let every: NodeJS.Timeout | undefined;
    current = {
      client,
      stop: () => {
        clearInterval(every);
        clearTimeout(awaited);
      },
    };
    client.on('notification', (message) => {
      if (message.channel !== channel || current?.client !== client) return;
      const payload = message.payload ?? '';
      if (!payload.startsWith(PING_PREFIX)) return handlers.notify(payload);
      if (payload !== `${self}${sent}`) return;
      clearTimeout(awaited);
      awaited = undefined;
      if (!up) {
        up = true;
        wait = RETRY_MIN_MS;
        handlers.up();
      }
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      // Closed meanwhile: close() ended this client, and its end was refused above as no longer current.
      if (current?.client !== client) return;
      ping();
      every = setInterval(ping, PING_MS);
      every.unref();
    } catch {
      lost(client);
    }
  };

  void connect();
  return {
    async sync() {
      // The backend sends what it was notified of before it answers a later query on the same connection.
      if (up) await current?.client.query('select 1').catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const was = current;
      current = null;
      was?.stop();
      await was?.client.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite is one session in this process: its listeners are called as each statement's answer is read, before the
 * statement's promise resolves, whether the statement came from this server or from the command line's socket
 * (pglite-socket.ts). Nothing can be missed, so it is `up` from the start and `sync` has nothing to wait for.
 */
export async function listenPGlite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  let open = true;
  const unlisten = await client.listen(channel, (payload) => open && handlers.notify(payload));
  handlers.up();
  return {
    async sync() {},
    async close() {
      open = false;
      handlers.down();
      // Not awaited: UNLISTEN waits for PGlite, which a command-line connection may hold for a while.
      void unlisten().catch(() => undefined);
    },
  };
}
