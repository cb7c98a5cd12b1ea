import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Which way a file crossed (decisions §26): its kind is the format (reqif, msword, xlsx, csv, …). */
export type InterchangeDirection = 'import' | 'export';

/** What the app's adapters tell the gauges, read at each scrape (app.ts fills it once they are attached). */
export type MetricSources = {
  /** The database pool's connections; PGlite is one session, so it answers its total alone. */
  pool?: () => { total: number; idle?: number; waiting?: number };
  sockets?: () => number;
  collaborativeDocuments?: () => number;
  collaborativeConnections?: () => number;
  /** Whether the session cache hears the database's changes (auth-changes.ts). */
  listenerUp?: () => boolean;
  /** Whether the Redis event bus is connected both ways (read only with REDIS_URL). */
  redisUp?: () => boolean;
};

/**
 * The app's Prometheus metrics (decisions §26), one registry per app so that test apps do not share counters. HTTP
 * requests are labelled by route template (`/api/requirements/:id`), never by URL: ids would make a series each.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly sources: MetricSources = {};
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly interchange: Counter<'direction' | 'kind' | 'outcome'>;

  /** `redis`: the instance is one of several (REDIS_URL); a single one has no reqloom_redis_up rather than a 0. */
  constructor(options: { redis: boolean } = { redis: false }) {
    const registers = [this.registry];
    // Process figures and the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'reqloom_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status, with their durations',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.interchange = new Counter({
      name: 'reqloom_interchange_total',
      help: 'Imports and exports by direction, format and outcome (ok, refused, failed)',
      labelNames: ['direction', 'kind', 'outcome'],
      registers,
    });
    const sources = this.sources;
    new Gauge({
      name: 'reqloom_db_pool_connections',
      help: 'Database connections by state (total, idle, waiting clients); PGlite reports its one session',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle);
        if (pool.waiting !== undefined) this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'reqloom_socketio_sockets',
      help: 'Socket.IO connections open on this instance',
      registers,
      collect() {
        this.set(sources.sockets?.() ?? 0);
      },
    });
    new Gauge({
      name: 'reqloom_collab_documents_open',
      help: 'Collaborative documents (Hocuspocus) loaded on this instance',
      registers,
      collect() {
        this.set(sources.collaborativeDocuments?.() ?? 0);
      },
    });
    new Gauge({
      name: 'reqloom_collab_connections',
      help: 'Collaborative editing connections (Hocuspocus) open on this instance',
      registers,
      collect() {
        this.set(sources.collaborativeConnections?.() ?? 0);
      },
    });
    new Gauge({
      name: 'reqloom_session_cache_listener_up',
      help: "1 while the session cache hears the database's changes, else 0 (every call then reads its session)",
      registers,
      collect() {
        this.set(sources.listenerUp?.() ? 1 : 0);
      },
    });
    if (options.redis)
      new Gauge({
        name: 'reqloom_redis_up',
        help: 'With REDIS_URL: 1 while the event bus is connected to Redis both ways, else 0',
        registers,
        collect() {
          this.set(sources.redisUp?.() ? 1 : 0);
        },
      });
  }

  /** An import or export ended with this HTTP status: 2xx ok, 4xx refused (bad file, rights), 5xx failed. */
  countInterchange(direction: InterchangeDirection, kind: string, status: number): void {
    const outcome = status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed';
    this.interchange.inc({ direction, kind, outcome });
  }
}
