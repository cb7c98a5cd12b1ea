import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  categoryPresented,
  compareTreeOrder,
  createCategoryBody,
  idSchema,
  inReadingOrder,
  requirementPresented,
  updateCategoryBody,
} from '@reqloom/domain';
import type { AppContext } from '../../../core/context';
import { requirements } from '../../../db/schema';
import { access } from '../../../http/access';
import { currentUser } from '../../../http/authenticate';
import { notFound } from '../../../core/errors';
import { loadedProject } from '../../../http/loaded';
import { inWork } from '../../../http/work';
import { categoryById, documentInBody } from '../core/locators';
import { presentRequirements } from '../../../read/requirements.presenter';
import { findCategory, loadCategoryTree, subtreeIds } from '../../../read/categories.presenter';
import { createCategory, deleteCategory, moveCategory, updateCategory } from './categories.service';

export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(categoryById) };
  const one = z.object({ data: categoryPresented });
  // The element as it now is, when the version the caller edited is not the current one (decisions §19).
  const conflictAnswer = z.object({ message: z.string(), current: categoryPresented });
  const many = z.object({ data: z.array(categoryPresented) });
  const requirementList = z.object({ data: z.array(requirementPresented) });
  const load = async (id: number) => {
    const category = await findCategory(ctx.db, id);
    if (!category) throw notFound();
    return category;
  };
  const tree = async (id: number) => {
    const category = await load(id);
    return { category, tree: await loadCategoryTree(ctx.db, category.documentId) };
  };

  /** Requirements of the given categories, in reading order. */
  const requirementsOf = async (
    documentId: number,
    categoryIds: number[],
    t: Awaited<ReturnType<typeof tree>>['tree'],
  ) => {
    if (categoryIds.length === 0) return [];
    const rows = await ctx.db
      .select()
      .from(requirements)
      .where(and(eq(requirements.documentId, documentId), inArray(requirements.categoryId, categoryIds)));
    const presented = await presentRequirements(ctx.db, rows, { trees: new Map([[documentId, t]]) });
    return inReadingOrder(presented, t.presented);
  };

  r.post(
    '/api/categories',
    {
      config: { access: access.project(documentInBody) },
      schema: { tags, body: createCategoryBody, response: { 201: one } },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await inWork(ctx, request, (work) => createCategory(work, loadedProject(request), request.body)),
      }),
  );

  r.get('/api/categories/:id', { config: byId, schema: { tags, params, response: { 200: one } } }, async (request) => {
    const { category, tree: t } = await tree(request.params.id);
    return { data: t.presented.get(category.id)! };
  });

  r.get(
    '/api/categories/subcategories/:id',
    { config: byId, schema: { tags, params, response: { 200: many } } },
    async (request) => {
      const { category, tree: t } = await tree(request.params.id);
      const ids = new Set(subtreeIds(t, category.id).filter((id) => id !== category.id));
      return { data: [...t.presented.values()].filter((c) => ids.has(c.id)).sort(compareTreeOrder) };
    },
  );

  r.get(
    '/api/categories/requirements/:id',
    { config: byId, schema: { tags, params, response: { 200: requirementList } } },
    async (request) => {
      const { category, tree: t } = await tree(request.params.id);
      return { data: await requirementsOf(category.documentId, [category.id], t) };
    },
  );

  r.get(
    '/api/categories/requirementsdeep/:id',
    { config: byId, schema: { tags, params, response: { 200: requirementList } } },
    async (request) => {
      const { category, tree: t } = await tree(request.params.id);
      return { data: await requirementsOf(category.documentId, subtreeIds(t, category.id), t) };
    },
  );

  r.put(
    '/api/categories/:id',
    { config: byId, schema: { tags, params, body: updateCategoryBody, response: { 200: one, 409: conflictAnswer } } },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateCategory(work, loadedProject(request), request.params.id, request.body),
      ),
    }),
  );

  // Served as POST: a GET that changes state could be triggered cross-site (decisions §2).
  for (const direction of ['up', 'down'] as const) {
    r.post(
      `/api/categories/moveorder${direction}/:id`,
      { config: byId, schema: { tags, params, response: { 200: one } } },
      async (request) => ({
        data: await inWork(ctx, request, (work) =>
          moveCategory(work, loadedProject(request), request.params.id, direction),
        ),
      }),
    );
  }

  r.delete('/api/categories/:id', { config: byId, schema: { tags, params } }, async (request, reply) => {
    await inWork(ctx, request, (work) =>
      deleteCategory(work, currentUser(request).id, loadedProject(request), request.params.id),
    );
    return reply.code(204).send();
  });
}
