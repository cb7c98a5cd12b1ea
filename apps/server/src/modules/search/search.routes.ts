import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, searchBody, searchResultPresented } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access, projectById } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { can } from '../../policies/policy';
import { searchProject } from './search.service';

/** POST projects/search/{id} (decisions §6): members only, like every read of the project. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/projects/search/:id',
    {
      // A read sent as POST: every member searches (decisions §20).
      config: { access: access.project(projectById, { least: 'viewer' }) },
      schema: {
        tags: ['search'],
        summary: 'Finds documents, categories and requirements of the project by reference, name or description',
        params: z.object({ id: idSchema }),
        body: searchBody,
        response: { 200: z.object({ data: z.array(searchResultPresented) }) },
      },
    },
    async (request) => ({
      data: await searchProject(
        ctx.db,
        request.params.id,
        request.body,
        can(currentUser(request), { do: 'feature.alpha' }),
      ),
    }),
  );
}
