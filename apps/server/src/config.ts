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
  WARM_THREADS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  OIDC_ISSUER: z.string().url().optional().or(z.literal('')),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_DISPLAY_NAME: z.string().max(60).optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_LOCAL_PASSWORDS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** Single sign-on with an OpenID Connect provider (decisions §26); undefined when OIDC_ISSUER is unset. */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  /** Stays on the server: sent only to the provider's token endpoint, never to a browser nor into a log. */
  clientSecret: string;
  displayName: string;
  scopes: string;
  /** Fixed from APP_URL, never from a request's Host. */
  redirectUri: string;
  /** Whether password login, registration and reset stay open (see decisions §26 for whom). */
  localPasswords: boolean;
  /** Plain http is accepted only for an issuer on the loopback address (a provider started by a test). */
  allowHttp: boolean;
};

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
  /**
   * Whether the export and quality threads start with the server (the first export then costs what the others do) and
   * stay, rather than at their first job and until ten minutes without one (decisions §26: 73 MB a small machine keeps).
   */
  warmThreads: boolean;
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
  oidc: OidcConfig | undefined;
};

function oidcConfig(e: z.infer<typeof envSchema>, appUrl: string): OidcConfig | undefined {
  if (!e.OIDC_ISSUER) return undefined;
  if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new Error('Invalid configuration:\n  OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER');
  const issuer = new URL(e.OIDC_ISSUER);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  if (issuer.protocol !== 'https:' && !loopback)
    throw new Error('Invalid configuration:\n  OIDC_ISSUER must be an https URL');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    displayName: e.OIDC_DISPLAY_NAME || 'SSO',
    scopes: e.OIDC_SCOPES,
    redirectUri: `${appUrl}/api/auth/oidc/callback`,
    localPasswords: e.OIDC_LOCAL_PASSWORDS,
    allowHttp: loopback,
  };
}

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
    warmThreads: e.WARM_THREADS,
    secureCookies: appUrl.startsWith('https://'),
    realtimeBatchWindowMs: REALTIME_BATCH_WINDOW_MS,
    realtimeBatchWindowMaxMs: REALTIME_BATCH_WINDOW_MAX_MS,
    auditWrites: true,
    oidc: oidcConfig(e, appUrl),
  };
}
