import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './http/rate-limiter';
import type { EventBus } from './events/bus';

/** What services need from the outside world; built once by buildApp and handed to each service call. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  events: EventBus;
};
