import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestRunBody, idSchema, testRunPresented } from '@reqloom/domain';
import type { AppContext } from '../../../core/context';
import { access } from '../../../http/access';
import { currentUser } from '../../../http/authenticate';
import { notFound } from '../../../core/errors';
import { loadedProject } from '../../../http/loaded';
import { inWork } from '../../../http/work';
import { requirementById } from '../core/locators';
import { findRequirement } from '../core/lookups';
import { presentTestRuns } from './test-runs.presenter';
import { recordTestRun } from './test-runs.service';

/** The runs of a test (alpha; decisions §16). Creating and changing tests go through the requirement routes. */
export function testRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tests'];
  const params = z.object({ id: idSchema });
  const config = { access: access.project(requirementById, { alpha: true }) };

  r.post(
    '/api/requirements/testruns/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Keep a finished run of a test; the test takes its statuses and observations',
        params,
        body: createTestRunBody,
        response: { 201: z.object({ data: testRunPresented }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await inWork(ctx, request, (work) =>
          recordTestRun(work, currentUser(request), loadedProject(request), request.params.id, request.body),
        ),
      }),
  );

  r.get(
    '/api/requirements/testruns/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The runs of a test, newest first',
        params,
        response: { 200: z.object({ data: z.array(testRunPresented) }) },
      },
    },
    async (request) => {
      const test = await findRequirement(ctx.db, request.params.id);
      if (!test || test.type !== 'test') throw notFound();
      return { data: await presentTestRuns(ctx.db, test.id) };
    },
  );
}
