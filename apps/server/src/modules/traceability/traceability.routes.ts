import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  categoryPresented,
  documentPresented,
  idSchema,
  requirementLinkPresented,
  requirementLinksQuery,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import { documents } from '../../db/schema';
import { access, projectById } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { loadCategoryTrees, orderedCategories } from '../categories/categories.presenter';
import { presentDocuments } from '../documents/documents.presenter';
import { projectRequirementLinks } from './requirement-links';

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
}
