import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentQualityPresented, idSchema } from '@reqloom/domain';
import { checkRequirement, qualityText } from '@reqloom/domain/quality';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { completeProjectSettings } from '../../read/projects.presenter';
import { presentDocumentRequirements } from '../../read/document-requirements';
import { documentById } from '../working-area/core/locators';

// TEMP (issue 38, web client branch): a minimal GET documents/quality so that the web screens can be seen; the
// server helper's route replaces this file at merge.
export function qualityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/documents/quality/:id',
    {
      config: { access: access.project(documentById) },
      schema: {
        tags: ['quality'],
        params: z.object({ id: idSchema }),
        response: { 200: z.object({ data: documentQualityPresented }) },
      },
    },
    async (request) => {
      const { disabled } = completeProjectSettings(loadedProject(request).settings).quality;
      const listed = (await presentDocumentRequirements(ctx.db, request.params.id)).filter((r) => r.type !== 'test');
      const by_rule: Record<string, number> = {};
      const requirements = listed.map((r) => {
        const result = checkRequirement({ name: r.name, description: qualityText(r.description) }, { disabled });
        for (const f of result.findings) by_rule[f.rule] = (by_rule[f.rule] ?? 0) + 1;
        return { id: r.id, reference: r.reference, name: r.name, ...result };
      });
      const mean = requirements.length
        ? Math.round((requirements.reduce((s, q) => s + q.score, 0) / requirements.length) * 10) / 10
        : 100;
      return { data: { mean_score: mean, by_rule, requirements } };
    },
  );
}
