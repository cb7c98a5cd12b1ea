import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentQualityPresented, idSchema, requirementQualityPresented } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { completeProjectSettings } from '../../read/projects.presenter';
import { documentById, requirementById } from '../working-area/core/locators';
import { QualityChecker, type QualityCheckerOptions } from './quality-checker';
import { documentQuality, requirementQuality } from './quality.query';

/**
 * Requirement quality (decisions §25): a requirement's findings and score, and a whole document's, under the rules
 * its project did not turn off. A viewer's to read. The app owns the checker (its results kept in memory, its thread)
 * and stops it when it closes; `warmQuality` loads the thread ahead of the first large document.
 */
export function qualityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: QualityCheckerOptions = {},
): { warmQuality: () => Promise<void> } {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checker = new QualityChecker({
    onThreadError: (error) => app.log.error({ err: error }, 'quality thread failed; checked on the main thread'),
    ...options,
  });
  app.addHook('onClose', () => checker.close());
  const tags = ['quality'];
  const params = z.object({ id: idSchema });
  const disabled = (request: FastifyRequest) =>
    completeProjectSettings(loadedProject(request).settings).quality.disabled;

  r.get(
    '/api/requirements/quality/:id',
    {
      config: { access: access.project(requirementById) },
      schema: {
        tags,
        summary:
          "A requirement's score and findings (offsets into the plain text of its name and description); 404 for a test",
        params,
        response: { 200: z.object({ data: requirementQualityPresented }) },
      },
    },
    async (request) => ({ data: await requirementQuality(ctx.db, checker, request.params.id, disabled(request)) }),
  );

  r.get(
    '/api/documents/quality/:id',
    {
      config: { access: access.project(documentById) },
      schema: {
        tags,
        summary:
          "Every requirement of a document in reading order with its score and findings, the mean score and the findings' count by rule",
        params,
        response: { 200: z.object({ data: documentQualityPresented }) },
      },
    },
    async (request) => ({ data: await documentQuality(ctx.db, checker, request.params.id, disabled(request)) }),
  );

  return { warmQuality: () => checker.warm() };
}
