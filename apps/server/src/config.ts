import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { REALTIME_BATCH_WINDOW_MAX_MS, REALTIME_BATCH_WINDOW_MS } from '@reqloom/domain';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Reqloom <no-reply@reqloom.local>'),
  APP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_API: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  redisUrl: string | undefined;
  rateLimitApi: number | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  /**
   * The bearer token of `GET /metrics` (decisions §26); without it, /metrics answers only a caller on the loopback
   * whose request came through no proxy.
   */
  metricsToken: string | undefined;
  /** Cookies get the Secure flag when the app is served over https. */
  secureCookies: boolean;
  /** The window of realtime batches (SubscribeRequest.batch); not read from the environment, tests widen it. */
  realtimeBatchWindowMs: number;
  /** The longest window, which a busy project's batches reach by doubling; tests and the bench may change it. */
  realtimeBatchWindowMaxMs: number;
  /**
   * Whether the unit of work writes its audit entries (decisions §21). Always true for the app; never read from the
   * environment. Only `bench/src/audit-writes.ts` turns it off, between blocks of the same writes in one process, to
   * measure what the trail costs a write.
   */
  auditWrites: boolean;
};

/** Reads the environment once; an invalid variable stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl,
    redisUrl: e.REDIS_URL || undefined,
    rateLimitApi: e.RATE_LIMIT_API,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN || undefined,
    secureCookies: appUrl.startsWith('https://'),
    realtimeBatchWindowMs: REALTIME_BATCH_WINDOW_MS,
    realtimeBatchWindowMaxMs: REALTIME_BATCH_WINDOW_MAX_MS,
    auditWrites: true,
  };
}
