import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportLinkAnswer,
  idSchema,
  matrixAnswer,
  matrixExportQuery,
  matrixPairsAnswer,
  matrixQuery,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { runWork } from '../../core/work';
import { access, projectById } from '../../http/access';
import { countAsInterchange } from '../../http/metrics';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { actorOf } from '../../http/work';
import { can } from '../../policies/policy';
import { findProjectForUser } from '../../policies/project-access';
import { createDownloadLink, takeDownload } from '../interchange/downloads.service';
import type { ExportThread } from '../interchange/export-off-thread';
import { downloadHeaders, SHEET_TYPES } from '../interchange/interchange.routes';
import { matrixDocuments, matrixPairs, traceabilityMatrix } from './matrix.query';

/** The traceability matrix of a project (decisions §24): a viewer's to read and to export. */
export function matrixRoutes(app: FastifyInstance, ctx: AppContext, thread: ExportThread): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceability'];
  const params = z.object({ id: idSchema });
  const config = { access: access.project(projectById) };

  r.get(
    '/api/projects/matrix/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "A parent document's requirements in reading order, each with its children in the child document (suspect ones marked), and the coverage",
        params,
        querystring: matrixQuery,
        response: { 200: matrixAnswer },
      },
    },
    async (request) => {
      const tests = can(currentUser(request), { do: 'feature.alpha' });
      return { data: await traceabilityMatrix(ctx.db, loadedProject(request).id, request.query, { tests }) };
    },
  );

  r.get(
    '/api/projects/matrixpairs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The pairs of documents that requirement links join (parent, child), with their number of links',
        params,
        response: { 200: matrixPairsAnswer },
      },
    },
    async (request) => {
      const tests = can(currentUser(request), { do: 'feature.alpha' });
      return { data: await matrixPairs(ctx.db, loadedProject(request).id, { tests }) };
    },
  );

  r.get(
    '/api/projects/matrixexport/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A one-time link (10 minutes) to the matrix as filtered, as .xlsx or .csv',
        params,
        querystring: matrixExportQuery,
        response: { 200: exportLinkAnswer },
      },
    },
    async (request) => {
      const projectId = loadedProject(request).id;
      // The documents are checked now (422), so that a wrong request fails at once; the file is built when followed.
      const documents = await matrixDocuments(ctx.db, projectId, request.query);
      if ('errors' in documents) throw invalid(documents.errors);
      const url = await createDownloadLink(
        ctx.db,
        { userId: currentUser(request).id, kind: 'matrix', projectId, params: { ...request.query } },
        new Date(),
        '/api/projects/matrixdownload',
      );
      return { url };
    },
  );

  r.get(
    '/api/projects/matrixdownload/:token',
    {
      // The link is for the user it was made for, while they are still a member of the project.
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Follows a matrix export link once: the .xlsx or .csv file',
        params: z.object({ token: z.string().max(100) }),
        response: {
          200: z
            .custom<Buffer>((value) => Buffer.isBuffer(value))
            .meta({ type: 'string', format: 'binary', description: 'The matrix as a spreadsheet' }),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const link = await takeDownload(ctx.db, request.params.token, user.id, ['matrix']);
      if (!link || link.projectId === null) throw notFound();
      countAsInterchange(request, 'export', 'matrix');
      const found = await findProjectForUser(ctx.db, link.projectId, user.id);
      if (
        !found ||
        !can(user, { do: 'project.call', project: { id: found.project.id, role: found.role }, least: 'viewer' })
      )
        throw notFound();
      const read = matrixExportQuery.safeParse(link.params ?? {});
      if (!read.success) throw notFound();
      const query = read.data;
      const projectId = found.project.id;
      const tests = can(user, { do: 'feature.alpha' });
      // A document deleted or moved since the link was made: the link has nothing left to give.
      const documents = await matrixDocuments(ctx.db, projectId, query);
      if ('errors' in documents) throw notFound();
      const matrix = await traceabilityMatrix(ctx.db, projectId, query, { tests });
      // The file is built on the export thread, so that a big matrix does not hold the other requests.
      const file = await thread.build({
        kind: 'matrix',
        matrix,
        childDocument: documents.child.name,
        format: query.format,
        lang: request.lang,
      });
      const parentName = documents.parent.name;
      // What left the project is in its trail (decisions §21), once the file is made.
      await runWork(ctx, { actor: actorOf(request), project: { id: projectId, strength: 'key share' } }, async (work) =>
        work.audit(projectId, {
          action: 'exported',
          entityType: 'document',
          entityId: query.parent_document_id,
          reference: parentName,
          documentId: query.parent_document_id,
          changes: {
            format: { new: `matrix_${query.format}` },
            child_document_id: { new: query.child_document_id },
            filter: { new: query.filter },
          },
        }),
      );
      return reply
        .headers(downloadHeaders(`${parentName} – ${documents.child.name}`, file.extension))
        .type(SHEET_TYPES[query.format])
        .send(file.data);
    },
  );
}
