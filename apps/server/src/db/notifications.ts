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

/** How often the listening connection is asked for a sign of life, and how long it may take to answer. */
const PING_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own, outside the pool. A lost connection (an error, its end, or a ping without an
 * answer: a connection can die silently) says `down` at once and is replaced, with growing waits while the
 * database is away; the new one says `up` once its LISTEN is in place.
 */
export function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Listening {
  let closed = false;
  let current: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let wait = RETRY_MIN_MS;

  const lost = (client: import('pg').Client) => {
    if (current === client) {
      current = null;
      clearInterval(ping);
      handlers.down();
    }
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, wait);
      retry.unref();
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    }
  };

  const connect = async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      query_timeout: PING_TIMEOUT_MS,
      // Named for whoever reads pg_stat_activity.
      application_name: `reqloom listens on ${channel}`,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lost(client);
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    wait = RETRY_MIN_MS;
    handlers.up();
    ping = setInterval(() => {
      client.query('select 1').catch(() => lost(client));
    }, PING_MS);
    ping.unref();
  };

  void connect();
  return {
    async sync() {
      // The backend sends what it was notified of before it answers a later query on the same connection.
      await current?.query('select 1').catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
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
  const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
  handlers.up();
  return {
    async sync() {},
    async close() {
      handlers.down();
      await unlisten().catch(() => undefined);
    },
  };
}
