import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InterchangeDirection, Metrics } from '../core/metrics';

type Interchange = { direction: InterchangeDirection; kind: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route imports or exports a file of this kind: its answers are counted (decisions §26). */
    interchange?: Interchange;
  }
  interface FastifyRequest {
    /** Set by a handler whose kind is known only once it runs (a download link's format). */
    interchange: Interchange | null;
  }
}

/** Counts this request as an import or export of `kind` (a download's format is read from its link). */
export function countAsInterchange(request: FastifyRequest, direction: InterchangeDirection, kind: string): void {
  request.interchange = { direction, kind };
}

/**
 * Times every request by its route template: `routeOptions.url` is the pattern (`/api/requirements/:id`), so the
 * label set stays as small as the route table. What matched no route is one label, `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('interchange', null);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(status) },
      reply.elapsedTime / 1000,
    );
    const interchange = request.interchange ?? request.routeOptions.config.interchange;
    if (interchange) metrics.countInterchange(interchange.direction, interchange.kind, status);
  });
}
