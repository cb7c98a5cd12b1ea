import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createChildrenBody,
  createRequirementBody,
  idSchema,
  requirementPresented,
  revisionPresented,
  updateRequirementBody,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { loadedProject } from '../../http/loaded';
import { originOf } from '../../http/origin';
import { documentInBody, requirementById } from '../working-area.locators';
import { presentRequirementWithRevisions } from './requirements.presenter';
import {
  copyRequirement,
  createChildren,
  createRequirement,
  deleteRequirement,
  findRequirement,
  moveRequirement,
  updateRequirement,
} from './requirements.service';

export function requirementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['requirements'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(requirementById) };
  const one = z.object({ data: requirementPresented });
  const load = async (id: number) => {
    const requirement = await findRequirement(ctx.db, id);
    if (!requirement) throw notFound();
    return requirement;
  };

  r.post(
    '/api/requirements',
    {
      config: { access: access.project(documentInBody) },
      schema: { tags, body: createRequirementBody, response: { 201: one } },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await createRequirement(
          ctx,
          currentUser(request),
          loadedProject(request),
          request.body,
          originOf(request),
        ),
      }),
  );

  r.get(
    '/api/requirements/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        response: { 200: z.object({ data: requirementPresented.extend({ revisions: z.array(revisionPresented) }) }) },
      },
    },
    async (request) => ({ data: await presentRequirementWithRevisions(ctx.db, await load(request.params.id)) }),
  );

  r.put(
    '/api/requirements/:id',
    { config: byId, schema: { tags, params, body: updateRequirementBody, response: { 200: one } } },
    async (request) => ({
      data: await updateRequirement(
        ctx,
        currentUser(request),
        loadedProject(request),
        await load(request.params.id),
        request.body,
        originOf(request),
      ),
    }),
  );

  r.put(
    '/api/requirements/createchildren/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        body: createChildrenBody,
        response: { 200: z.object({ data: z.array(requirementPresented) }) },
      },
    },
    async (request) => ({
      data: await createChildren(
        ctx,
        currentUser(request),
        loadedProject(request),
        await load(request.params.id),
        request.body,
        originOf(request),
      ),
    }),
  );

  r.post(
    '/api/requirements/copy/:id',
    { config: byId, schema: { tags, params, response: { 201: one } } },
    async (request, reply) =>
      reply.code(201).send({
        data: await copyRequirement(
          ctx,
          currentUser(request),
          loadedProject(request),
          await load(request.params.id),
          request.lang,
          originOf(request),
        ),
      }),
  );

  for (const direction of ['up', 'down'] as const) {
    r.post(
      `/api/requirements/moveorder${direction}/:id`,
      { config: byId, schema: { tags, params, response: { 200: one } } },
      async (request) => ({
        data: await moveRequirement(
          ctx,
          loadedProject(request),
          await load(request.params.id),
          direction,
          originOf(request),
        ),
      }),
    );
  }

  r.delete('/api/requirements/:id', { config: byId, schema: { tags, params } }, async (request, reply) => {
    await deleteRequirement(ctx, loadedProject(request), await load(request.params.id), originOf(request));
    return reply.code(204).send();
  });
}
