import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classifierPresented,
  createClassifierBody,
  createTagBody,
  idSchema,
  tagPresented,
  updateClassifierBody,
  updateTagBody,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { documentById, documentInBody } from '../working-area/core/locators';
import { classifierById, classifierInBody, tagById } from './classifiers.locators';
import { presentDocumentClassifiers } from '../../read/classifiers.presenter';
import {
  createClassifier,
  createTag,
  deleteClassifier,
  deleteTag,
  updateClassifier,
  updateTag,
} from './classifiers.service';

/** Classifiers and tags of a document (decisions §12). Access: members of the document's project. */
export function classifierRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['classifiers'];
  const params = z.object({ id: idSchema });
  const classifier = z.object({ data: classifierPresented });
  const tag = z.object({ data: tagPresented });

  r.get(
    '/api/documents/classifiers/:id',
    {
      config: { access: access.project(documentById) },
      schema: { tags, params, response: { 200: z.object({ data: z.array(classifierPresented) }) } },
    },
    async (request) => ({ data: await presentDocumentClassifiers(ctx.db, request.params.id) }),
  );

  r.post(
    '/api/classifiers',
    {
      config: { access: access.project(documentInBody) },
      schema: { tags, body: createClassifierBody, response: { 201: classifier } },
    },
    async (request, reply) => {
      const data = await inWork(ctx, request, (work) => createClassifier(work, loadedProject(request), request.body));
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/api/classifiers/:id',
    {
      config: { access: access.project(classifierById) },
      schema: { tags, params, body: updateClassifierBody, response: { 200: classifier } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateClassifier(work, loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  r.delete(
    '/api/classifiers/:id',
    { config: { access: access.project(classifierById) }, schema: { tags, params } },
    async (request, reply) => {
      await inWork(ctx, request, (work) => deleteClassifier(work, loadedProject(request), request.params.id));
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/tags',
    {
      config: { access: access.project(classifierInBody) },
      schema: { tags, body: createTagBody, response: { 201: tag } },
    },
    async (request, reply) => {
      const data = await inWork(ctx, request, (work) => createTag(work, loadedProject(request), request.body));
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/api/tags/:id',
    {
      config: { access: access.project(tagById) },
      schema: { tags, params, body: updateTagBody, response: { 200: tag } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateTag(work, loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  r.delete(
    '/api/tags/:id',
    { config: { access: access.project(tagById) }, schema: { tags, params } },
    async (request, reply) => {
      await inWork(ctx, request, (work) => deleteTag(work, loadedProject(request), request.params.id));
      return reply.code(204).send();
    },
  );
}
