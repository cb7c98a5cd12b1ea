import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentPresented,
  idSchema,
  impactPresented,
  projectMapPresented,
  requirementLinkPresented,
  requirementLinksQuery,
  structureDocumentPresented,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access, projectById } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { can } from '../../policies/policy';
import { presentDocuments } from '../../read/documents.presenter';
import { requirementById } from '../working-area/core/locators';
import { readImpact } from './impact';
import { readProjectMap } from './project-map';
import { projectRequirementLinks } from './requirement-links';
import { presentStructure, projectDocumentRows } from './structure';

/**
 * Project-wide reads of the working area: the structure tree, the documents, every requirement link, and the
 * synaeptic map's compact whole, and a requirement's impact downstream.
 */
export function traceabilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceability'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(projectById) };

  r.get(
    '/api/projects/documents/:id',
    { config: byId, schema: { tags, params, response: { 200: z.object({ data: z.array(documentPresented) }) } } },
    async (request) => ({
      data: await presentDocuments(ctx.db, await projectDocumentRows(ctx.db, loadedProject(request).id)),
    }),
  );

  r.get(
    '/api/projects/structure/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        response: { 200: z.object({ data: z.array(structureDocumentPresented) }) },
      },
    },
    async (request) => ({ data: (await presentStructure(ctx.db, loadedProject(request).id)).documents }),
  );

  r.get(
    '/api/projects/map/:id',
    {
      config: byId,
      schema: {
        tags,
        summary: 'The synaeptic map of a project: its structure, every requirement and link, as compact rows',
        params,
        response: { 200: z.object({ data: projectMapPresented }) },
      },
    },
    async (request) => {
      // Tests are for alpha users only (spec 2). The document lists leave that to the client, which filters them;
      // this read knows its caller and leaves them out here, so the largest answer carries nothing it cannot show.
      const tests = can(currentUser(request), { do: 'feature.alpha' });
      return { data: await readProjectMap(ctx.db, loadedProject(request).id, { tests }) };
    },
  );

  r.get(
    '/api/projects/requirementlinks/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        querystring: requirementLinksQuery,
        response: { 200: z.object({ data: z.array(requirementLinkPresented) }) },
      },
    },
    async (request) => ({
      data: await projectRequirementLinks(ctx.db, loadedProject(request).id, request.query.document_id),
    }),
  );

  r.get(
    '/api/requirements/impact/:id',
    {
      config: { access: access.project(requirementById) },
      schema: {
        tags,
        summary:
          'Every requirement downstream of one, each once at its smallest depth, with the one it is reached through',
        params,
        response: { 200: z.object({ data: impactPresented }) },
      },
    },
    async (request) => ({
      data: await readImpact(ctx.db, request.params.id, {
        tests: can(currentUser(request), { do: 'feature.alpha' }),
      }),
    }),
  );
}
