import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, importAnswer, importFields, type ImportAnswer, type Language } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { cutOffUnreadForm, IMPORT_UPLOAD, UploadForm } from '../../http/upload-form';
import { parseInput, RequestValidationError } from '../../http/validation';
import { inWork } from '../../http/work';
import { isMessageKey, translate } from '../../i18n/messages';
import { projectInUploadForm } from '../working-area/core/locators';
import { UnreadableFile, type ImportPlan, type Skipped } from './import/import-plan';
import { writeImport, type ImportSource } from './import/import-writer';
import { readOffThread } from './import/read-off-thread';
import type { ImportKind } from './import/read-plan';

type Reader = { kind: ImportKind; unreadable: string; format: ImportSource['format'] };

/** A skipped item's reason in the caller's language; a reader's own text when it has no key. */
export function reasonText(lang: Language, skipped: Skipped): Skipped {
  const key = `import.skip.${skipped.reason}`;
  return { what: skipped.what, reason: isMessageKey(key) ? translate(lang, key) : skipped.reason };
}

/**
 * One import (decisions §14): the file is read whole (at most 20 MB) and planned outside any transaction, then
 * stored in short units of work into a staging project nobody sees and published at once (import-staging.ts), so a
 * file that breaks halfway creates nothing and other requests are served between the steps.
 */
async function runImport(ctx: AppContext, request: FastifyRequest, reader: Reader): Promise<ImportAnswer> {
  const form = UploadForm.of(request);
  await form.readUntil();
  const fields = parseInput(importFields, Object.fromEntries(form.fields));
  const issues = fields.error ? [...fields.error.issues] : [];
  const { file } = form;
  if (!file || file.data.byteLength === 0)
    issues.push({ code: 'custom', path: ['file'], message: 'validation.required', input: undefined });
  if (issues.length > 0 || !file) throw new RequestValidationError(issues);
  let plan: ImportPlan;
  try {
    plan = await readOffThread(reader.kind, file.data, file.name);
  } catch (error) {
    if (!(error instanceof UnreadableFile)) throw error;
    throw new RequestValidationError([
      { code: 'custom', path: ['file'], message: reader.unreadable, input: undefined },
    ]);
  }
  const result = await writeImport(
    // PGlite runs in this process and answers by promise alone: without a turn of the event loop between the
    // steps, no other request would even be read off its socket until the import ends.
    (fn) => new Promise<void>((resolve) => setImmediate(resolve)).then(() => inWork(ctx, request, fn)),
    loadedProject(request),
    currentUser(request).id,
    plan,
    { file: file.name, format: reader.format },
  );
  return {
    data: {
      documents: result.documents,
      report: { ...result.report, skipped: result.report.skipped.map((s) => reasonText(request.lang, s)) },
    },
    projectDocuments: result.projectDocuments,
  };
}

export function importRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['interchange'];
  const body = z.object({ project_id: idSchema, file: z.string().meta({ format: 'binary' }) });
  // The form is read as it streams (UploadForm), never parsed into a body: the schema documents it.
  const asIs = () => (data: unknown) => ({ value: data });

  r.post(
    '/api/documents/importreqif',
    {
      config: {
        access: access.project(projectInUploadForm),
        upload: IMPORT_UPLOAD,
        interchange: { direction: 'import', kind: 'reqif' },
      },
      onResponse: cutOffUnreadForm,
      validatorCompiler: asIs,
      schema: {
        tags,
        summary: 'Import a .reqif or .reqifz file (at most 20 MB): each specification becomes a document',
        consumes: ['multipart/form-data'],
        body,
        response: { 201: importAnswer },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await runImport(ctx, request, { kind: 'reqif', unreadable: 'validation.reqif', format: 'reqif' })),
  );

  r.post(
    '/api/documents/importmsword',
    {
      config: {
        access: access.project(projectInUploadForm, { alpha: true }),
        upload: IMPORT_UPLOAD,
        interchange: { direction: 'import', kind: 'msword' },
      },
      onResponse: cutOffUnreadForm,
      validatorCompiler: asIs,
      schema: {
        tags,
        summary: 'Import a .docx file (alpha users; at most 20 MB) as a document',
        consumes: ['multipart/form-data'],
        body,
        response: { 201: importAnswer },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await runImport(ctx, request, { kind: 'word', unreadable: 'validation.docx', format: 'docx' })),
  );
}
