import { z } from 'zod';
import { idSchema } from './fields';
import { importAnswer } from './interchange';

/**
 * A document's spreadsheets (decisions §24): exported as .xlsx or .csv through a one-time link (`exportLinkAnswer`),
 * imported back as a dry run (a plan), then the chosen rows of the plan applied in one unit of work.
 */

/** A plan is kept this long, for its caller only (decisions §24). */
export const SPREADSHEET_PLAN_TTL_MS = 30 * 60 * 1000;
/** A sheet may hold this many data rows and this many columns: beyond, 422 before anything is planned. */
export const SPREADSHEET_ROWS_MAX = 20_000;
export const SPREADSHEET_COLUMNS_MAX = 200;

/** The fixed columns of an export, in their order; one column per classifier follows `status` (decisions §24). */
export const SPREADSHEET_COLUMNS = ['id', 'reference', 'category', 'name', 'description', 'status'] as const;
export const SPREADSHEET_LINK_COLUMNS = ['parents', 'children'] as const;

/**
 * The multipart fields of `POST documents/importxlsx` besides its `file`: `document_id` plans an import into that
 * document (a dry run); `project_id` creates a new document from another tool's sheet, at once, or with
 * `dry_run=true` as a dry run of the rows it would create (applied like the other plans). Exactly one of the ids.
 */
export const spreadsheetImportFields = z
  .object({ document_id: idSchema.optional(), project_id: idSchema.optional(), dry_run: z.enum(['true']).optional() })
  .refine((f) => (f.document_id === undefined) !== (f.project_id === undefined), {
    message: 'validation.required',
    path: ['document_id'],
  });
export type SpreadsheetImportFields = z.infer<typeof spreadsheetImportFields>;

export const spreadsheetRowAction = z.enum(['create', 'update', 'unchanged', 'error']);
export type SpreadsheetRowAction = z.infer<typeof spreadsheetRowAction>;

/**
 * Why a row cannot be applied, by column (the sheet's header, or the export's column name). `code` is stable for the
 * web to translate; `message` is the server's text in the caller's language.
 */
export const spreadsheetRowErrorCode = z.enum([
  'unknown_status',
  'unknown_tag',
  'unknown_category',
  'unknown_id',
  'other_document',
  'duplicate_id',
  'unknown_reference',
  'required',
  'too_long',
]);
export type SpreadsheetRowErrorCode = z.infer<typeof spreadsheetRowErrorCode>;

export const spreadsheetRowError = z.object({
  column: z.string(),
  code: spreadsheetRowErrorCode,
  /** The cell's text as read. */
  value: z.string(),
  message: z.string(),
});
export type SpreadsheetRowError = z.infer<typeof spreadsheetRowError>;

/** A field's value before and after, as the sheet's text (a status as its number, tags and links as `; ` lists). */
export const spreadsheetFieldChange = z.object({ old: z.string(), new: z.string() });
export type SpreadsheetFieldChange = z.infer<typeof spreadsheetFieldChange>;

export const spreadsheetPlanRow = z.object({
  /** The row's number in the sheet (the header is row 1, the first requirement row 2), as Calc and Excel show it. */
  row: z.number().int().positive(),
  action: spreadsheetRowAction,
  /** Updated or unchanged rows: the requirement they name. */
  requirement_id: z.number().optional(),
  /** Created rows: every field they set; updated rows: only the fields that differ. Keys are column names. */
  changes: z.record(z.string(), spreadsheetFieldChange).optional(),
  errors: z.array(spreadsheetRowError).optional(),
});
export type SpreadsheetPlanRow = z.infer<typeof spreadsheetPlanRow>;

/** POST documents/importxlsx with `document_id`: the dry run, which changes nothing. */
export const spreadsheetPlanAnswer = z.object({
  data: z.object({
    plan_id: z.string(),
    /** The document the plan updates; null for a new document's plan (`project_id` and `dry_run`). */
    document_id: z.number().nullable(),
    /** A new document's plan: the name the document will have (the file's). */
    document_name: z.string().optional(),
    expires_at: z.string(),
    rows: z.array(spreadsheetPlanRow),
  }),
});
export type SpreadsheetPlanAnswer = z.infer<typeof spreadsheetPlanAnswer>;

/** POST documents/importxlsx with `project_id` and no `dry_run`: the new document at once, as the Word and ReqIF imports answer. */
export const spreadsheetDocumentAnswer = importAnswer;

export const spreadsheetImportAnswer = z.union([spreadsheetPlanAnswer, spreadsheetDocumentAnswer]);
export type SpreadsheetImportAnswer = z.infer<typeof spreadsheetImportAnswer>;

/** POST documents/importxlsx/apply: the rows of the plan to apply (rows in error or unchanged are refused: 422). */
export const applySpreadsheetBody = z.object({
  plan_id: z.string().min(1).max(100),
  rows: z.array(z.number().int().positive()).min(1).max(SPREADSHEET_ROWS_MAX),
});
export type ApplySpreadsheetBody = z.infer<typeof applySpreadsheetBody>;

export const applySpreadsheetAnswer = z.object({
  data: z.object({
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    /** The plan's document: the new one, for a new document's plan. */
    document_id: z.number(),
  }),
});
export type ApplySpreadsheetAnswer = z.infer<typeof applySpreadsheetAnswer>;
