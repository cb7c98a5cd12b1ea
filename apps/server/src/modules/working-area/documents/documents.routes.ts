import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryPresented,
  createDocumentBody,
  documentPresented,
  documentSettingsSchema,
  idSchema,
  requirementPresented,
  updateDocumentBody,
  updateDocumentSettingsBody,
} from '@reqloom/domain';
import type { AppContext } from '../../../core/context';
import { access } from '../../../http/access';
import { notFound } from '../../../core/errors';
import { inWork } from '../../../http/work';
import { currentUser } from '../../../http/authenticate';
import { loadedProject } from '../../../http/loaded';
import { documentById, projectInBody } from '../core/locators';
import { findDocument } from '../core/lookups';
import { loadCategoryTree, orderedCategories } from '../../../read/categories.presenter';
import { presentDocumentRequirements } from '../../../read/document-requirements';
import { completeDocumentSettings, presentDocument } from '../../../read/documents.presenter';
import { createDocument, deleteDocument, updateDocument, updateDocumentSettings } from './documents.service';

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(documentById) };
  const one = z.object({ data: documentPresented });
  // The element as it now is, when the version the caller edited is not the current one (decisions §19).
  const conflictAnswer = z.object({ message: z.string(), current: documentPresented });
  const load = async (id: number) => {
    const document = await findDocument(ctx.db, id);
    if (!document) throw notFound();
    return document;
  };

  r.post(
    '/api/documents',
    {
      config: { access: access.project(projectInBody) },
      schema: {
        tags,
        body: createDocumentBody,
        response: { 201: one.extend({ projectDocuments: z.array(documentPresented) }) },
      },
    },
    async (request, reply) => {
      const result = await inWork(ctx, request, (work) => createDocument(work, loadedProject(request), request.body));
      return reply.code(201).send({ data: result.document, projectDocuments: result.projectDocuments });
    },
  );

  r.get('/api/documents/:id', { config: byId, schema: { tags, params, response: { 200: one } } }, async (request) => ({
    data: await presentDocument(ctx.db, await load(request.params.id)),
  }));

  r.get(
    '/api/documents/categories/:id',
    { config: byId, schema: { tags, params, response: { 200: z.object({ data: z.array(categoryPresented) }) } } },
    async (request) => ({ data: orderedCategories(await loadCategoryTree(ctx.db, request.params.id)) }),
  );

  r.get(
    '/api/documents/requirements/:id',
    { config: byId, schema: { tags, params, response: { 200: z.object({ data: z.array(requirementPresented) }) } } },
    async (request) => ({ data: await presentDocumentRequirements(ctx.db, request.params.id) }),
  );

  r.put(
    '/api/documents/:id',
    { config: byId, schema: { tags, params, body: updateDocumentBody, response: { 200: one, 409: conflictAnswer } } },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateDocument(work, loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  r.delete('/api/documents/:id', { config: byId, schema: { tags, params } }, async (request, reply) => {
    await inWork(ctx, request, (work) => deleteDocument(work, loadedProject(request), request.params.id));
    return reply.code(204).send();
  });

  r.get(
    '/api/documents/settings/:id',
    { config: byId, schema: { tags, params, response: { 200: z.object({ data: documentSettingsSchema }) } } },
    async (request) => ({ data: completeDocumentSettings((await load(request.params.id)).settings) }),
  );

  r.put(
    '/api/documents/settings/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        body: updateDocumentSettingsBody,
        response: { 200: z.object({ data: documentSettingsSchema }) },
      },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateDocumentSettings(
          work,
          loadedProject(request),
          request.params.id,
          currentUser(request),
          request.body.settings,
        ),
      ),
    }),
  );
}
