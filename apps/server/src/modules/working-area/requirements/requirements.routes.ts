import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createChildrenBody,
  createRequirementBody,
  idSchema,
  requirementPresented,
  restoreRequirementBody,
  revisionPresented,
  revisionsAnswer,
  updateRequirementBody,
} from '@reqloom/domain';
import type { AppContext } from '../../../core/context';
import { access } from '../../../http/access';
import { currentUser } from '../../../http/authenticate';
import { loadedProject } from '../../../http/loaded';
import { inWork } from '../../../http/work';
import { testGate } from '../core/test-gate';
import { documentInBody, requirementById } from '../core/locators';
import { presentLoadedRequirement, requirementReadById } from './requirement-read';
import { restoreRequirement } from './requirement-restore';
import { presentRevisionList } from '../../../read/revisions.presenter';
import {
  copyRequirement,
  createChildren,
  createRequirement,
  deleteRequirement,
  moveRequirement,
  updateRequirement,
} from './requirements.service';

export function requirementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['requirements'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(requirementById) };
  const one = z.object({ data: requirementPresented });
  // The element as it now is, when the version the caller edited is not the current one (decisions §19).
  const conflictAnswer = z.object({ message: z.string(), current: requirementPresented });
  const tests = testGate(ctx.db);

  r.post(
    '/api/requirements',
    {
      config: { access: access.project(documentInBody) },
      preValidation: tests,
      schema: { tags, body: createRequirementBody, response: { 201: one } },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await inWork(ctx, request, (work) =>
          createRequirement(work, currentUser(request), loadedProject(request), request.body),
        ),
      }),
  );

  r.get(
    '/api/requirements/:id',
    {
      // The access check reads the requirement too (one statement); the handler presents what it read.
      config: { access: access.project(requirementReadById) },
      schema: {
        tags,
        params,
        response: { 200: z.object({ data: requirementPresented.extend({ revisions: z.array(revisionPresented) }) }) },
      },
    },
    async (request) => ({ data: presentLoadedRequirement(request) }),
  );

  r.put(
    '/api/requirements/:id',
    {
      config: byId,
      preValidation: tests,
      schema: { tags, params, body: updateRequirementBody, response: { 200: one, 409: conflictAnswer } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateRequirement(work, currentUser(request), loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  // Revisions and restore (decisions §22): a viewer reads them, an editor restores one.
  r.get(
    '/api/requirements/revisions/:id',
    { config: byId, schema: { tags, params, response: { 200: revisionsAnswer } } },
    async (request) => ({ data: await presentRevisionList(ctx.db, request.params.id) }),
  );

  r.post(
    '/api/requirements/restore/:id',
    {
      config: byId,
      preValidation: tests,
      schema: { tags, params, body: restoreRequirementBody, response: { 200: one, 409: conflictAnswer } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        restoreRequirement(work, currentUser(request), loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  r.put(
    '/api/requirements/createchildren/:id',
    {
      config: byId,
      preValidation: tests,
      schema: {
        tags,
        params,
        body: createChildrenBody,
        response: { 200: z.object({ data: z.array(requirementPresented) }) },
      },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        createChildren(work, currentUser(request), loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  r.post(
    '/api/requirements/copy/:id',
    { config: byId, schema: { tags, params, response: { 201: one } } },
    async (request, reply) =>
      reply.code(201).send({
        data: await inWork(ctx, request, (work) =>
          copyRequirement(work, currentUser(request), loadedProject(request), request.params.id),
        ),
      }),
  );

  for (const direction of ['up', 'down'] as const) {
    r.post(
      `/api/requirements/moveorder${direction}/:id`,
      { config: byId, preValidation: tests, schema: { tags, params, response: { 200: one } } },
      async (request) => ({
        data: await inWork(ctx, request, (work) =>
          moveRequirement(work, loadedProject(request), request.params.id, direction),
        ),
      }),
    );
  }

  r.delete(
    '/api/requirements/:id',
    { config: byId, preValidation: tests, schema: { tags, params } },
    async (request, reply) => {
      await inWork(ctx, request, (work) =>
        deleteRequirement(work, currentUser(request), loadedProject(request), request.params.id),
      );
      return reply.code(204).send();
    },
  );
}
