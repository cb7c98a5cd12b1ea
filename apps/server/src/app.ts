import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import type { Config } from './config';
import type { AppContext } from './core/context';
import { openDatabase, type Database } from './db/client';
import { registerAuthentication } from './http/authenticate';
import { registerCsrf } from './http/csrf';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { loggerOptions, registerRequestLog } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { RateLimiter } from './core/rate-limiter';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebClient } from './http/static-web';
import { registerWorkEvents } from './http/work';
import { zodValidatorCompiler } from './http/validation';
import { createMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { healthRoutes } from './modules/health/health.routes';
import { userRoutes } from './modules/user/user.routes';
import { groupRoutes } from './modules/groups/groups.routes';
import { projectRoutes } from './modules/projects/projects.routes';
import { memberRoutes } from './modules/projects/members.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { documentRoutes } from './modules/working-area/documents/documents.routes';
import { categoryRoutes } from './modules/working-area/categories/categories.routes';
import { requirementRoutes } from './modules/working-area/requirements/requirements.routes';
import { testRoutes } from './modules/working-area/test-cases/test-cases.routes';
import { traceabilityRoutes } from './modules/traceability/traceability.routes';
import { suspectLinkRoutes } from './modules/suspect-links/suspect-links.routes';
import { matrixRoutes } from './modules/matrix/matrix.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { signatureRoutes } from './modules/reviews/signatures.routes';
import { approvalRoutes } from './modules/reviews/approval.routes';
import { interchangeRoutes } from './modules/interchange/interchange.routes';
import { searchRoutes } from './modules/search/search.routes';
import { baselineRoutes } from './modules/baselines/baselines.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { classifierRoutes } from './modules/classifiers/classifiers.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { importRoutes } from './modules/interchange/import.routes';
import { spreadsheetRoutes } from './modules/interchange/spreadsheet/spreadsheet.routes';
import { qualityRoutes } from './modules/quality/quality.routes';
import type { QualityCheckerOptions } from './modules/quality/quality-checker';
import type { ThreadLimits } from './modules/interchange/bounded-thread';
import { registerAccessControl, type RouteAccess } from './http/access';
import { toWire } from './read/wire';
import { EventBus } from './events/bus';
import { AuthCache } from './core/auth-cache';
import { watchAuthChanges } from './core/auth-changes';
import { membershipChanges } from './modules/projects/membership-changes';
import { attachRealtime } from './realtime/realtime';
import { attachCollaboration } from './collaboration/collaboration';
import { Metrics } from './core/metrics';
import { registerHttpMetrics } from './http/metrics';
import { sweepStagingAtStart } from './modules/interchange/import/import-staging';

export type RouteInfo = { method: string; url: string; access: RouteAccess | undefined };
/**
 * `routes` lists every route registered, so that tests can walk them all (bad input, permissions). `warmUp` starts
 * ahead of time what the first request of its kind would otherwise wait for (the export and quality threads): main.ts
 * calls it once listening, in the background, when WARM_THREADS=true (decisions §26, memory); test apps do not, so
 * those that never use a thread start none.
 */
export type BuiltApp = { app: FastifyInstance; ctx: AppContext; routes: RouteInfo[]; warmUp: () => Promise<void> };

/** JSON bodies above this are refused with 413; attachments have their own limit. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Wires plugins and routes. Tests build it too, with a shared database and their own outbox.
 * `database` defaults to the configured one; when given, the caller owns it and closes it.
 */
export async function buildApp(
  config: Config,
  options: {
    database?: Database;
    mailer?: Mailer;
    logStream?: NodeJS.WritableStream;
    /** The export thread's bounds (tests make them small); EXPORT_LIMITS by default. */
    exportLimits?: ThreadLimits;
    /** The quality checker's cache, slices and thread (tests choose when the thread is used). */
    quality?: QualityCheckerOptions;
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Our own onResponse line replaces Fastify's pair of request lines (it adds the user id).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 500 },
    // Errors raised before routing (bad percent-encoding, a parameter too long, headers too large) get the
    // project's JSON {message} shape instead of Fastify's or Node's own.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: app.log,
    });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    rateLimiter: new RateLimiter(),
    events: new EventBus(),
    toWire,
    authCache: new AuthCache(),
    metrics: new Metrics({ redis: !!config.redisUrl }),
  };

  // A server that opened its PGlite itself holds it alone (data-dir-lock.ts): any import it finds is dead.
  const stopStagingSweep = await sweepStagingAtStart(database.db, {
    alone: !options.database && database.driver === 'pglite',
    onError: (error) => app.log.error({ err: error }, 'staging sweep failed'),
  });

  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // Answers are shaped by presenters; response schemas document them in OpenAPI.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(app);
  registerWorkEvents(app);
  await app.register(cookie);
  // JSON answers of a large document run to megabytes; they compress tenfold. Brotli at a low quality keeps the
  // CPU cost below the time saved on the wire. Built assets are served precompressed by the static handler.
  // Chunks of 64 kB rather than zlib's 16: the map of 20,000 requirements (2.4 MB) took ~110 ms more to send
  // compressed than not, in 150 round trips to the thread pool; it now takes about what compressing it at once does.
  await app.register(compress, {
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 }, chunkSize: 64 * 1024 },
    zlibOptions: { chunkSize: 64 * 1024 },
  });
  await registerOpenApi(app);
  registerSecurityHeaders(app);
  registerRequestLog(app);
  registerHttpMetrics(app, ctx.metrics);
  registerCsrf(app, config);
  registerAuthentication(app, ctx);
  registerAccessControl(app, ctx);

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  ssoRoutes(app, ctx);
  userRoutes(app, ctx);
  groupRoutes(app, ctx);
  projectRoutes(app, ctx);
  memberRoutes(app, ctx);
  auditRoutes(app, ctx);
  documentRoutes(app, ctx);
  categoryRoutes(app, ctx);
  requirementRoutes(app, ctx);
  testRoutes(app, ctx);
  traceabilityRoutes(app, ctx);
  suspectLinkRoutes(app, ctx);
  commentRoutes(app, ctx);
  signatureRoutes(app, ctx);
  approvalRoutes(app, ctx);
  const { warmExports, exportThread } = interchangeRoutes(app, ctx, options.exportLimits);
  // The matrix's files are built on the documents' export thread (decisions §24).
  matrixRoutes(app, ctx, exportThread);
  searchRoutes(app, ctx);
  classifierRoutes(app, ctx);
  baselineRoutes(app, ctx);
  reviewRoutes(app, ctx);
  const { warmQuality } = qualityRoutes(app, ctx, options.quality);
  // Multipart is parsed only where it is expected: elsewhere a form body stays refused (415) as before.
  await app.register(async (scope) => {
    await scope.register(multipart);
    attachmentRoutes(scope, ctx);
    importRoutes(scope, ctx);
    spreadsheetRoutes(scope, ctx);
  });

  await registerWebClient(app, config.webDist);
  if (config.redisUrl) await ctx.events.connect(config.redisUrl, app.log);
  const realtime = await attachRealtime(app, ctx);
  const collaboration = await attachCollaboration(app, ctx);
  const authChanges = await watchAuthChanges(database, ctx.events, ctx.authCache, membershipChanges(ctx));
  ctx.authChanges = authChanges;
  Object.assign(ctx.metrics.sources, {
    pool: () => database.connections(),
    sockets: () => realtime.io.of('/').sockets.size,
    collaborativeDocuments: () => collaboration.hocuspocus.getDocumentsCount(),
    collaborativeConnections: () => collaboration.hocuspocus.getConnectionsCount(),
    listenerUp: () => ctx.authCache.enabled,
    redisUp: () => ctx.events.connected === true,
  });

  app.addHook('onClose', async () => {
    stopStagingSweep();
    await authChanges.close();
    await collaboration.close();
    await realtime.close();
    await ctx.events.close();
    mailer.close();
    if (!options.database) await database.close();
  });
  const warmUp = async () => {
    await Promise.all([warmExports(), warmQuality()]);
  };
  return { app, ctx, routes, warmUp };
}
