import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  suspectLinkCountAnswer,
  suspectLinkFilters,
  suspectLinksAnswer,
  suspectLinksQuery,
  validateLinksBody,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/client';
import { invalid } from '../../core/errors';
import { access, projectById, type ProjectLocator } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { can } from '../../policies/policy';
import { findElementProjectForUser } from '../../policies/project-access';
import { validateLinks } from './link-validation';
import { suspectLinkCount, suspectLinks } from './suspect-links.query';

/**
 * The project of a validation is its first link's (decisions §22): the parent of `links.0`. The service then refuses
 * (422 on `links.N`) every pair that is not a link of that project, so that one call never reaches two projects.
 */
const firstLinkInBody: ProjectLocator = {
  name: 'body.links',
  find: () => Promise.resolve(null),
  findForUser: async (request: FastifyRequest, db: Db, userId: number) => {
    const links = (request.body as { links?: unknown } | null | undefined)?.links;
    const first = Array.isArray(links) ? (links[0] as { parent_id?: unknown } | undefined) : undefined;
    const parent = idSchema.safeParse(first?.parent_id);
    if (!parent.success) throw invalid({ links: ['validation.required'] });
    const found = await findElementProjectForUser(db, 'requirement', parent.data, userId);
    if (!found) throw invalid({ 'links.0': ['validation.not_a_link'] });
    return { project: found.project, role: found.role };
  },
};

export function suspectLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceability'];

  r.post(
    '/api/requirementlinks/validate',
    {
      config: { access: access.project(firstLinkInBody) },
      schema: {
        tags,
        summary: 'Marks 1–1,000 links of one project as reviewed: their parents as they are now',
        body: validateLinksBody,
      },
    },
    async (request, reply) => {
      await inWork(ctx, request, (work) =>
        validateLinks(work, currentUser(request), loadedProject(request), request.body),
      );
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/projects/suspectlinks/:id',
    {
      config: { access: access.project(projectById) },
      schema: {
        tags,
        summary:
          "The project's suspect links, each with its parent's change since the link was last up to date, by pages (cursor)",
        params: z.object({ id: idSchema }),
        querystring: suspectLinksQuery,
        response: { 200: suspectLinksAnswer },
      },
    },
    async (request) => {
      const tests = can(currentUser(request), { do: 'feature.alpha' });
      const page = await suspectLinks(ctx.db, loadedProject(request).id, request.query, { tests });
      return { data: page.rows, next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/projects/suspectlinkcount/:id',
    {
      config: { access: access.project(projectById) },
      schema: {
        tags,
        summary: "How many suspect links the same filters as the list keep (the side bar's count)",
        params: z.object({ id: idSchema }),
        querystring: suspectLinkFilters,
        response: { 200: suspectLinkCountAnswer },
      },
    },
    async (request) => {
      const tests = can(currentUser(request), { do: 'feature.alpha' });
      return { count: await suspectLinkCount(ctx.db, loadedProject(request).id, request.query, { tests }) };
    },
  );
}
