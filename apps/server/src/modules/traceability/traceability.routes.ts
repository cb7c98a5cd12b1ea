import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  categoryPresented,
  documentPresented,
  idSchema,
  isLinkUpToDate,
  requirementLinkPresented,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import { documents, requirementLinks } from '../../db/schema';
import { access, projectById } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { loadCategoryTrees, orderedCategories } from '../categories/categories.presenter';
import { presentDocuments } from '../documents/documents.presenter';

/** Project-wide reads of the working area: the structure tree, the documents and every requirement link. */
export function traceabilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceability'];
  const params = z.object({ id: idSchema });
  const byId = { access: access.project(projectById) };

  const projectDocumentRows = (projectId: number) =>
    ctx.db
      .select()
      .from(documents)
      .where(eq(documents.projectId, projectId))
      .orderBy(asc(documents.name), asc(documents.id));

  r.get(
    '/api/projects/documents/:id',
    { config: byId, schema: { tags, params, response: { 200: z.object({ data: z.array(documentPresented) }) } } },
    async (request) => ({ data: await presentDocuments(ctx.db, await projectDocumentRows(loadedProject(request).id)) }),
  );

  r.get(
    '/api/projects/structure/:id',
    {
      config: byId,
      schema: {
        tags,
        params,
        response: {
          200: z.object({ data: z.array(documentPresented.extend({ categories: z.array(categoryPresented) })) }),
        },
      },
    },
    async (request) => {
      const rows = await projectDocumentRows(loadedProject(request).id);
      const docs = await presentDocuments(ctx.db, rows);
      const trees = await loadCategoryTrees(
        ctx.db,
        rows.map((d) => d.id),
      );
      return {
        data: docs.map((d) => ({ ...d, categories: trees.get(d.id) ? orderedCategories(trees.get(d.id)!) : [] })),
      };
    },
  );

  r.get(
    '/api/projects/requirementlinks/:id',
    {
      config: byId,
      schema: { tags, params, response: { 200: z.object({ data: z.array(requirementLinkPresented) }) } },
    },
    async (request) => {
      const rows = await ctx.db
        .select({
          parentId: requirementLinks.parentId,
          childId: requirementLinks.childId,
          createdAt: requirementLinks.createdAt,
          parentUpdatedAt: sql<Date>`p.updated_at`,
          childUpdatedAt: sql<Date>`c.updated_at`,
        })
        .from(requirementLinks)
        .innerJoin(sql`requirements p`, sql`p.id = ${requirementLinks.parentId}`)
        .innerJoin(sql`requirements c`, sql`c.id = ${requirementLinks.childId}`)
        .where(eq(requirementLinks.projectId, loadedProject(request).id));
      const projectId = loadedProject(request).id;
      return {
        data: rows.map((l) => ({
          parent_id: l.parentId,
          child_id: l.childId,
          project_id: projectId,
          upToDate: isLinkUpToDate(l.parentUpdatedAt, l.childUpdatedAt, l.createdAt),
          created_at: new Date(l.createdAt).toISOString(),
        })),
      };
    },
  );
}
