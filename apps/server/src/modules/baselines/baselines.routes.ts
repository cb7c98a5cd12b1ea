import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  baselineCompareQuery,
  baselineComparison,
  baselineDocumentQuery,
  baselinePresented,
  baselineRequirementPresented,
  categoryPresented,
  createBaselineBody,
  idSchema,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { access, projectById } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { projectInBody } from '../working-area/core/locators';
import { compareBaselines } from './baselines.compare';
import { loadBaselineDocument } from './baselines.document';
import { baselineById } from './baselines.locators';
import { findBaseline, presentBaseline, presentProjectBaselines } from './baselines.presenter';
import { createBaseline, deleteBaseline, SNAPSHOT_ISOLATION } from './baselines.service';

/** Baselines (decisions §22): editors take them, viewers read and compare them, maintainers delete them. */
export function baselineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['baselines'];
  const params = z.object({ id: idSchema });
  const one = z.object({ data: baselinePresented });

  r.post(
    '/api/baselines',
    {
      config: { access: access.project(projectInBody, { least: 'editor' }) },
      schema: { tags, body: createBaselineBody, response: { 201: one } },
    },
    async (request, reply) => {
      const userId = request.auth?.user.id ?? null;
      const data = await inWork(
        ctx,
        request,
        (work) => createBaseline(work, loadedProject(request), request.body, userId),
        'key share',
        SNAPSHOT_ISOLATION,
      );
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/api/projects/baselines/:id',
    {
      config: { access: access.project(projectById) },
      schema: { tags, params, response: { 200: z.object({ data: z.array(baselinePresented) }) } },
    },
    async (request) => ({ data: await presentProjectBaselines(ctx.db, loadedProject(request).id) }),
  );

  r.get(
    '/api/baselines/:id',
    { config: { access: access.project(baselineById) }, schema: { tags, params, response: { 200: one } } },
    async (request) => {
      const row = await findBaseline(ctx.db, request.params.id);
      if (!row) throw notFound();
      return { data: await presentBaseline(ctx.db, row) };
    },
  );

  r.get(
    '/api/baselines/requirements/:id',
    {
      config: { access: access.project(baselineById) },
      schema: {
        tags,
        params,
        querystring: baselineDocumentQuery,
        response: { 200: z.object({ data: z.array(baselineRequirementPresented) }) },
      },
    },
    async (request) => {
      const kept = await loadBaselineDocument(ctx.db, request.params.id, request.query.document_id);
      // A document the baseline did not keep is not there: 404, as an unknown document is.
      if (!kept) throw notFound();
      return { data: kept.requirements };
    },
  );

  // Its categories as they were, in tree order: the document view of a baseline heads its rows with them, as the
  // live view does. Apart from the requirements' answer, whose shape is the live view's and the signature's recipe.
  r.get(
    '/api/baselines/categories/:id',
    {
      config: { access: access.project(baselineById) },
      schema: {
        tags,
        params,
        querystring: baselineDocumentQuery,
        response: { 200: z.object({ data: z.array(categoryPresented) }) },
      },
    },
    async (request) => {
      const kept = await loadBaselineDocument(ctx.db, request.params.id, request.query.document_id);
      if (!kept) throw notFound();
      return { data: kept.categories };
    },
  );

  r.get(
    '/api/baselines/compare/:id',
    {
      config: { access: access.project(baselineById) },
      schema: {
        tags,
        params,
        querystring: baselineCompareQuery,
        response: { 200: z.object({ data: baselineComparison }) },
      },
    },
    // One read-only snapshot: against now, the hashes and the contents read after them see one instant.
    async (request) => ({
      data: await ctx.db.transaction(
        (tx) => compareBaselines(tx, request.params.id, request.query.to ?? null, request.query.document_id),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    }),
  );

  r.delete(
    '/api/baselines/:id',
    { config: { access: access.project(baselineById, { least: 'maintainer' }) }, schema: { tags, params } },
    async (request, reply) => {
      // The project locked for update: no creation runs beside the deletion of shared manifests and states.
      await inWork(ctx, request, (work) => deleteBaseline(work, loadedProject(request), request.params.id), 'update');
      return reply.code(204).send();
    },
  );
}
