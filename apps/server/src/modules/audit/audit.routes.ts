import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditAnswer, auditExportAnswer, auditFilters, auditQuery, idSchema, type AuditFilters } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { runWork } from '../../core/work';
import { access, projectById } from '../../http/access';
import { countAsInterchange } from '../../http/metrics';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { actorOf } from '../../http/work';
import { can } from '../../policies/policy';
import { findProjectForUser } from '../../policies/project-access';
import { createDownloadLink, takeDownload } from '../interchange/downloads.service';
import { downloadHeaders } from '../interchange/interchange.routes';
import { auditBatches, auditPage } from './audit.query';
import { presentAuditEntry } from './audit.presenter';
import { AUDIT_CSV_HEADER, auditCsvLine, CSV_BOM } from './audit-csv';

/** The audit trail of a project (decisions §21): editors and up read it, page by page or as a CSV file. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];
  const params = z.object({ id: idSchema });
  const editor = { access: access.project(projectById, { least: 'editor' }) };

  r.get(
    '/api/projects/audit/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: "The project's audit trail, newest first, by pages (cursor)",
        params,
        querystring: auditQuery,
        response: { 200: auditAnswer },
      },
    },
    async (request) => {
      const page = await auditPage(ctx.db, loadedProject(request).id, request.query);
      return { data: page.rows.map(presentAuditEntry), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/projects/auditexport/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: 'A one-time link (10 minutes) to the entries of these filters as CSV',
        params,
        querystring: auditQuery,
        response: { 200: auditExportAnswer },
      },
    },
    async (request) => {
      const { cursor: _cursor, limit: _limit, ...filters } = request.query;
      const params: Record<string, unknown> = { ...filters };
      for (const key of ['before', 'after'] as const) if (filters[key]) params[key] = filters[key].toISOString();
      const url = await createDownloadLink(
        ctx.db,
        { userId: currentUser(request).id, kind: 'audit_csv', projectId: loadedProject(request).id, params },
        new Date(),
        '/api/projects/auditdownload',
      );
      return { url };
    },
  );

  r.get(
    '/api/projects/auditdownload/:token',
    {
      // The link is for the user it was made for, while they are still an editor or more of the project.
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Follows an audit export link once: the CSV, streamed',
        params: z.object({ token: z.string().max(100) }),
        response: {
          200: z.custom<Readable>().meta({ type: 'string', format: 'binary', description: 'The entries as CSV' }),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const link = await takeDownload(ctx.db, request.params.token, user.id, ['audit_csv']);
      if (!link || link.projectId === null) throw notFound();
      countAsInterchange(request, 'export', 'audit_csv');
      const found = await findProjectForUser(ctx.db, link.projectId, user.id);
      if (
        !found ||
        !can(user, { do: 'project.call', project: { id: found.project.id, role: found.role }, least: 'editor' })
      )
        throw notFound();
      const read = auditFilters.safeParse(link.params ?? {});
      if (!read.success) throw notFound();
      const filters: AuditFilters = read.data;
      const projectId = found.project.id;
      // Who read the trail is itself in the trail.
      await runWork(ctx, { actor: actorOf(request), project: { id: projectId, strength: 'key share' } }, async (work) =>
        work.audit(projectId, {
          action: 'exported',
          entityType: 'project',
          entityId: projectId,
          reference: found.project.name,
          changes: { format: { new: 'csv' }, filters: { new: link.params ?? {} } },
        }),
      );
      return reply
        .headers(downloadHeaders(`${found.project.name} audit trail`, 'csv'))
        .type('text/csv; charset=utf-8')
        .send(Readable.from(csvLines(ctx, projectId, filters)));
    },
  );
}

/** The file, line by line: at most one batch of entries is held at once, whatever the trail's size. */
async function* csvLines(ctx: AppContext, projectId: number, filters: AuditFilters): AsyncGenerator<string> {
  yield CSV_BOM + AUDIT_CSV_HEADER.join(',') + '\r\n';
  for await (const batch of auditBatches(ctx.db, projectId, filters)) yield batch.map(auditCsvLine).join('');
}
