import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { checkMetricsAccess } from './metrics-access';
import { readiness } from './readiness';

/**
 * Health (decisions §26): `/api/health` as before (the database answers), `/live` (the process serves: restart it
 * if not), `/ready` (send it traffic: 503 until the database, its migrations and, with several instances, the
 * listeners are there), and the Prometheus metrics.
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['health'];
  app.get('/api/health', { config: { access: access.public }, schema: { tags } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok', database: ctx.database.driver };
  });

  app.get(
    '/api/health/live',
    { config: { access: access.public }, schema: { tags, summary: 'The process serves (liveness)' } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          'Whether to send this instance traffic: the database reachable, its migrations applied, and with REDIS_URL the listeners up (503 when not)',
      },
    },
    async (_request, reply) => {
      const state = await readiness(ctx);
      return reply
        .code(state.ready ? 200 : 503)
        .send({ status: state.ready ? 'ready' : 'not ready', database: ctx.database.driver, ...state });
    },
  );

  app.get(
    '/metrics',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          "Prometheus' text format: with METRICS_TOKEN, `Authorization: Bearer <token>`; without, the loopback only",
      },
    },
    async (request, reply) => {
      checkMetricsAccess(request, ctx.config.metricsToken);
      const body = await ctx.metrics.registry.metrics();
      return reply.type(ctx.metrics.registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
