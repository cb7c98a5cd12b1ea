import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from './rate-limiter';
import type { EventBus } from '../events/bus';
import type { ToWire } from '../events/wire-message';
import type { AuthCache } from './auth-cache';
import type { AuthChanges } from './auth-changes';
import type { Metrics } from './metrics';

/** What services need from the outside world; built once by buildApp and handed to each service call. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  events: EventBus;
  /** Facts to wire events, injected (read/wire.ts) so that the unit of work depends on no feature. */
  toWire: ToWire;
  /** Who each session or token is, kept while its changes are heard (auth-cache.ts). */
  authCache: AuthCache;
  /** The Prometheus metrics of this instance (decisions §26). */
  metrics: Metrics;
  /** Set once the server listens for those changes; `sync` waits for what was committed before it. */
  authChanges?: AuthChanges;
};
