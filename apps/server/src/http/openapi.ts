import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The `events` of a project's write answer (http/work.ts): what the project's room got for it. */
const answerEvents = z
  .array(z.object({ name: z.string(), payload: z.record(z.string(), z.unknown()) }))
  .optional()
  .describe(
    "The realtime events this write sent the project's room, in order (packages/domain realtime.ts). A write " +
      'answered 204 answers 200 {events} instead when the call sends `Prefer: return=representation`.',
  );

/** A project-scoped write's successful `{data}` answers, described with the events `http/work.ts` adds to them. */
const withEvents: SwaggerTransform = (input) => {
  const { schema, route } = input;
  const write = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  if (!write || route.config?.access?.kind !== 'project' || !schema?.response) return input;
  const response = Object.fromEntries(
    Object.entries(schema.response as Record<string, unknown>).map(([status, answer]) => [
      status,
      status.startsWith('2') && answer instanceof z.ZodObject && 'data' in answer.shape
        ? answer.extend({ events: answerEvents })
        : answer,
    ]),
  );
  return { ...input, schema: { ...schema, response } };
};

/** The OpenAPI description is generated from the same zod schemas that validate the requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Reqloom API', version: '0.1.0', description: 'Requirements management and traceability.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'reqloom_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: (input) => jsonSchemaTransform(withEvents(input) as Parameters<typeof jsonSchemaTransform>[0]),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
