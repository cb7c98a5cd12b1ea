import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentApprovalPresented, idSchema } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { documentById } from '../working-area/core/locators';
import { documentApproval } from './approval';

/** GET documents/approval/{id} (any member): the document view's "last approved baseline" (decisions §23). */
export function approvalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/documents/approval/:id',
    {
      config: { access: access.project(documentById) },
      schema: {
        tags: ['reviews'],
        summary: 'The last approved baseline of a document, and whether the document changed since',
        params: z.object({ id: idSchema }),
        response: { 200: z.object({ data: documentApprovalPresented }) },
      },
    },
    async (request) => ({ data: await documentApproval(ctx.db, request.params.id) }),
  );
}
