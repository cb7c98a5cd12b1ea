import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { exportLinkAnswer, idSchema, type Language } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/client';
import { access } from '../../http/access';
import { countAsInterchange } from '../../http/metrics';
import { currentUser } from '../../http/authenticate';
import { notFound } from '../../core/errors';
import { runWork } from '../../core/work';
import { documents } from '../../db/schema';
import { actorOf } from '../../http/work';
import { findElementProjectForUser } from '../../policies/project-access';
import { can } from '../../policies/policy';
import { documentById } from '../working-area/core/locators';
import { baselineExportRoutes, baselineFile, BASELINE_DOWNLOADS, isBaselineDownload } from './baseline-exports';
import { reviewExportRoutes, reviewFile } from './review-exports';
import { createDownloadLink, takeDownload, type DownloadKind } from './downloads.service';
import { ExportThread } from './export-off-thread';
import { DOCX } from './export-task';
import type { ThreadLimits } from './bounded-thread';
import { loadExportData } from './word/export-data';
import { loadReqifExportData } from './reqif/reqif-export-data';
import { loadDocumentSheet } from './spreadsheet/sheet-data';

type Built = { data: Buffer; name: string; extension: string; contentType: string };
type Exporter = (db: Db, documentId: number, lang: Language, thread: ExportThread) => Promise<Built>;

/**
 * How each kind of export is built when its link is followed: the data is read here, the file is built on the
 * export thread (export-off-thread.ts).
 */
const EXPORTERS: Partial<Record<DownloadKind, Exporter>> = {
  msword: async (db, documentId, lang, thread) => {
    const data = await loadExportData(db, documentId);
    const built = await thread.build({ kind: 'msword', data, lang, now: new Date() });
    return { ...built, name: data.document.name, contentType: DOCX };
  },
  reqif: async (db, documentId, _lang, thread) => {
    const data = await loadReqifExportData(db, documentId);
    const built = await thread.build({ kind: 'reqif', data, now: new Date() });
    // A .reqifz (with the images) is a zip; a .reqif is XML.
    const contentType = built.extension === 'reqifz' ? 'application/zip' : 'application/xml';
    return { ...built, name: data.documents[0]!.name, contentType };
  },
  // A spreadsheet (decisions §24) on the same thread: exceljs's 5,000 rows would hold the server ~0.4 s.
  xlsx: async (db, documentId, lang, thread) => {
    const { document, header, lines } = await loadDocumentSheet(db, documentId, lang);
    const built = await thread.build({ kind: 'sheet', format: 'xlsx', name: document.name, header, lines });
    return { ...built, name: document.name, contentType: SHEET_TYPES.xlsx };
  },
  csv: async (db, documentId, lang, thread) => {
    const { document, header, lines } = await loadDocumentSheet(db, documentId, lang);
    const built = await thread.build({ kind: 'sheet', format: 'csv', name: document.name, header, lines });
    return { ...built, name: document.name, contentType: SHEET_TYPES.csv };
  },
};

export const SHEET_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** `filename` for every client (ASCII, quotes and controls out) and `filename*` with the real name (RFC 6266). */
export function attachmentDisposition(name: string, extension: string): string {
  const full = `${name}.${extension}`;
  const ascii =
    full
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '_') || `export.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** The headers of a one-time download: saved under its name, never cached, never sniffed into another type. */
export const downloadHeaders = (name: string, extension: string) => ({
  'content-disposition': attachmentDisposition(name, extension),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/**
 * Exports of a document (decisions §6): a one-time link, then the file built when the link is followed. The app owns
 * its export thread (bounded by `exportLimits`, EXPORT_LIMITS by default) and stops it when it closes. `warmExports`
 * starts that thread ahead of the first export (a server once it listens; test apps never call it).
 */
export function interchangeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  exportLimits?: ThreadLimits,
): { warmExports: () => Promise<void>; exportThread: ExportThread } {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const thread = new ExportThread(exportLimits);
  app.addHook('onClose', () => thread.close());
  const tags = ['interchange'];
  const params = z.object({ id: idSchema });
  // A baseline's Word files (decisions §22) are built on the same thread and followed by the same download route.
  baselineExportRoutes(app, ctx);
  reviewExportRoutes(app, ctx);

  // The one-time links of a document's exports (decisions §6, §24): one route per kind, the same shape.
  const exportLinks: { path: string; kind: DownloadKind; summary: string }[] = [
    { path: 'exportmsword', kind: 'msword', summary: 'A one-time link (10 minutes) to the document as a .docx' },
    {
      path: 'exportreqif',
      kind: 'reqif',
      summary:
        'A one-time link (10 minutes) to the document as ReqIF (.reqif, or .reqifz with its images), with the documents linked to it',
    },
    {
      path: 'exportxlsx',
      kind: 'xlsx',
      summary:
        'A one-time link (10 minutes) to the document as an .xlsx sheet: one row per requirement (decisions §24)',
    },
    {
      path: 'exportcsv',
      kind: 'csv',
      summary:
        'A one-time link (10 minutes) to the document as a .csv sheet (UTF-8): one row per requirement (decisions §24)',
    },
  ];
  for (const { path, kind, summary } of exportLinks)
    r.get(
      `/api/documents/${path}/:id`,
      {
        config: { access: access.project(documentById) },
        schema: { tags, summary, params, response: { 200: exportLinkAnswer } },
      },
      async (request) => ({
        url: await createDownloadLink(ctx.db, { userId: currentUser(request).id, documentId: request.params.id, kind }),
      }),
    );

  r.get(
    '/api/downloads/:token',
    {
      // The link is for the user it was made for, while they still belong to the document's project.
      config: { access: access.user },
      schema: {
        tags,
        summary: 'Follows an export link once',
        params: z.object({ token: z.string().max(100) }),
        response: {
          200: z
            .custom<Buffer>((value) => Buffer.isBuffer(value))
            .meta({ type: 'string', format: 'binary', description: 'The exported file' }),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const link = await takeDownload(ctx.db, request.params.token, user.id, [
        'msword',
        'reqif',
        'xlsx',
        'csv',
        ...BASELINE_DOWNLOADS,
        'review_msword',
      ]);
      // Counted by the format of the link (decisions §26): its answer's status tells the outcome.
      if (link) countAsInterchange(request, 'export', link.kind);
      // A baseline's file (decisions §22): its own checks and data (baseline-exports.ts), the same thread and trail.
      if (link && isBaselineDownload(link.kind)) {
        const file = await baselineFile(ctx.db, thread, { ...link, kind: link.kind }, user, request.lang);
        const project = { id: file.projectId, strength: 'key share' } as const;
        await runWork(ctx, { actor: actorOf(request), project }, async (work) => work.audit(file.projectId, file.fact));
        return reply.headers(downloadHeaders(file.name, 'docx')).type(DOCX).send(file.data);
      }
      // A review's file (decisions §23): the reviewed content, its feedback and its signature page (review-exports.ts).
      if (link?.kind === 'review_msword') {
        const file = await reviewFile(ctx.db, thread, link, user, request.lang);
        const project = { id: file.projectId, strength: 'key share' } as const;
        await runWork(ctx, { actor: actorOf(request), project }, async (work) => work.audit(file.projectId, file.fact));
        return reply.headers(downloadHeaders(file.name, 'docx')).type(DOCX).send(file.data);
      }
      const exporter = link && EXPORTERS[link.kind];
      if (!link || !exporter || link.documentId === null) throw notFound();
      const place = await findElementProjectForUser(ctx.db, 'document', link.documentId, user.id);
      if (
        !place ||
        !can(user, { do: 'project.call', project: { id: place.project.id, role: place.role }, least: 'viewer' })
      )
        throw notFound();
      const file = await exporter(ctx.db, link.documentId, request.lang, thread);
      // The export is in the trail once the file is made, before it is sent (decisions §21): what left the project.
      const documentId = link.documentId;
      const format = link.kind;
      // The project locked first, as every write in it (a project deleted meanwhile: 404, not a broken entry).
      const project = { id: place.project.id, strength: 'key share' } as const;
      await runWork(ctx, { actor: actorOf(request), project }, async (work) => {
        const [document] = await work.tx
          .select({ name: documents.name })
          .from(documents)
          .where(eq(documents.id, documentId));
        work.audit(place.project.id, {
          action: 'exported',
          entityType: 'document',
          entityId: documentId,
          reference: document?.name ?? file.name,
          documentId,
          changes: { format: { new: format } },
        });
      });
      return reply.headers(downloadHeaders(file.name, file.extension)).type(file.contentType).send(file.data);
    },
  );
  return { warmExports: () => thread.warm(), exportThread: thread };
}
