import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  applySpreadsheetAnswer,
  applySpreadsheetBody,
  idSchema,
  spreadsheetImportAnswer,
  spreadsheetImportFields,
  type SpreadsheetImportAnswer,
} from '@reqloom/domain';
import type { AppContext } from '../../../core/context';
import { invalid } from '../../../core/errors';
import type { ProjectLocator } from '../../../http/access';
import { access } from '../../../http/access';
import { currentUser } from '../../../http/authenticate';
import { loadedProject } from '../../../http/loaded';
import { cutOffUnreadForm, IMPORT_UPLOAD, UploadForm } from '../../../http/upload-form';
import { parseInput, RequestValidationError } from '../../../http/validation';
import { inWork } from '../../../http/work';
import { documents } from '../../../db/schema';
import { writeImport } from '../import/import-writer';
import { reasonText } from '../import.routes';
import { foreignSheetPlan } from './foreign-sheet';
import { applyPlan, planImport, planNewDocumentImport, projectOfPlan } from './sheet-plans.service';
import { UnreadableSheet } from './sheet-read';
import { readSheetOffThread } from './sheet-off-thread';

/**
 * The project of a spreadsheet upload: its form's `document_id` (a dry run into that document) or `project_id` (a
 * new document), read before the file, so the access check comes first (as for the other imports).
 */
export const documentOrProjectInUploadForm: ProjectLocator = {
  name: 'form.document_or_project_id',
  async find(request, db) {
    const form = UploadForm.of(request);
    await form.readUntil(['document_id', 'project_id']);
    const document = idSchema.safeParse(form.fields.get('document_id'));
    if (document.success) {
      const [row] = await db
        .select({ projectId: documents.projectId })
        .from(documents)
        .where(eq(documents.id, document.data))
        .limit(1);
      return row?.projectId ?? null;
    }
    const project = idSchema.safeParse(form.fields.get('project_id'));
    if (!project.success) throw invalid({ document_id: ['validation.required'] });
    return project.data;
  },
};

/** The project of the plan the body names (any caller's: the apply then finds only the caller's own, or 404). */
export const planInBody: ProjectLocator = {
  name: 'body.plan_id',
  async find(request, db) {
    const planId = (request.body as { plan_id?: unknown } | null)?.plan_id;
    if (typeof planId !== 'string' || planId.length > 100) throw invalid({ plan_id: ['validation.required'] });
    return projectOfPlan(db, planId);
  },
};

async function runSpreadsheetImport(ctx: AppContext, request: FastifyRequest): Promise<SpreadsheetImportAnswer> {
  const form = UploadForm.of(request);
  await form.readUntil();
  const fields = parseInput(spreadsheetImportFields, Object.fromEntries(form.fields));
  const issues = fields.error ? [...fields.error.issues] : [];
  const { file } = form;
  if (!file || file.data.byteLength === 0)
    issues.push({ code: 'custom', path: ['file'], message: 'validation.required', input: undefined });
  if (issues.length > 0 || !file || !fields.value) throw new RequestValidationError(issues);
  // Read on the sheet reading thread (sheet-off-thread.ts): a big sheet does not hold the other requests.
  const sheet = await readSheetOffThread(file.data).catch((error: unknown) => {
    if (error instanceof UnreadableSheet) throw invalid({ file: [error.key] });
    throw error;
  });
  const user = currentUser(request);
  const project = loadedProject(request);
  const { document_id: documentId } = fields.value;
  if (documentId !== undefined) {
    // The document must be of the project the access check found (it is: the locator read it from the same field).
    return { data: await planImport(ctx.db, user, documentId, sheet, request.lang) };
  }
  if (fields.value.dry_run) {
    // The access check found this project from the same field.
    return { data: await planNewDocumentImport(ctx.db, user, project.id, sheet, file.name, request.lang) };
  }
  const plan = foreignSheetPlan(sheet, file.name);
  const result = await writeImport(
    (fn) => new Promise<void>((resolve) => setImmediate(resolve)).then(() => inWork(ctx, request, fn)),
    project,
    user.id,
    plan,
    { file: file.name, format: sheet.format },
  );
  const skipped = result.report.skipped.map((s) => reasonText(request.lang, s));
  return {
    data: { documents: result.documents, report: { ...result.report, skipped } },
    projectDocuments: result.projectDocuments,
  };
}

/** A document's spreadsheets back in (decisions §24): the dry run, its apply, and a new document from a sheet. */
export function spreadsheetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['interchange'];
  // The form is read as it streams (UploadForm), never parsed into a body: the schema documents it.
  const asIs = () => (data: unknown) => ({ value: data });

  r.post(
    '/api/documents/importxlsx',
    {
      // The file is read here (a dry run, or a new document): that is the import counted; its apply is not again.
      config: {
        access: access.project(documentOrProjectInUploadForm),
        upload: IMPORT_UPLOAD,
        interchange: { direction: 'import', kind: 'spreadsheet' },
      },
      onResponse: cutOffUnreadForm,
      validatorCompiler: asIs,
      schema: {
        tags,
        summary:
          'A spreadsheet (.xlsx or .csv, at most 20 MB): with document_id, a dry run of its rows against the document (changes nothing); with project_id, a new document, or with dry_run=true the dry run of its rows (changes nothing; applied by importxlsx/apply)',
        consumes: ['multipart/form-data'],
        body: z.object({
          document_id: idSchema.optional(),
          project_id: idSchema.optional(),
          dry_run: z.enum(['true']).optional(),
          file: z.string().meta({ format: 'binary' }),
        }),
        response: { 200: spreadsheetImportAnswer },
      },
    },
    async (request) => runSpreadsheetImport(ctx, request),
  );

  r.post(
    '/api/documents/importxlsx/apply',
    {
      config: { access: access.project(planInBody) },
      schema: {
        tags,
        summary:
          "Applies the chosen rows of the caller's dry run in one transaction (409 if the document changed); a new document's plan creates the document with those rows",
        body: applySpreadsheetBody,
        response: { 200: applySpreadsheetAnswer },
      },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        applyPlan(work, currentUser(request), loadedProject(request), request.body),
      ),
    }),
  );
}
