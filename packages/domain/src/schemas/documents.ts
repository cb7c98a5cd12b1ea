import { z } from 'zod';
import { idSchema, nameSchema, versionSchema } from './fields';
import { acronymSchema } from './projects';
import { richTextSchema } from './rich-text';

/** Export options kept per document (spec 2, export settings panel), stored as settings keyed export.<name>. */
export const EXPORT_OPTIONS = [
  'tableOfContents',
  'tableOfEvolutions',
  'tableOfEvolutionsRefDate',
  'projectSummary',
  'documentSummary',
  'requirementTitleAndReference',
  'requirementTraceability',
  'traceabilityMatrices',
  'dateOnTitlePage',
] as const;

/** A day as the date picker gives it (YYYY-MM-DD): the reference date of the table of evolutions. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { message: 'validation.date' },
  );

/** Every export option of a document with its value (decisions §13): what GET documents/settings answers. */
export const documentSettingsSchema = z.object({
  'export.tableOfContents': z.boolean(),
  'export.tableOfEvolutions': z.boolean(),
  'export.tableOfEvolutionsRefDate': daySchema.nullable(),
  'export.projectSummary': z.boolean(),
  'export.documentSummary': z.boolean(),
  'export.requirementTitleAndReference': z.boolean(),
  'export.requirementTraceability': z.boolean(),
  'export.traceabilityMatrices': z.boolean(),
  'export.dateOnTitlePage': z.boolean(),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

/** The options before anyone changes them (decisions §13). */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  'export.tableOfContents': true,
  'export.tableOfEvolutions': false,
  'export.tableOfEvolutionsRefDate': null,
  'export.projectSummary': true,
  'export.documentSummary': true,
  'export.requirementTitleAndReference': true,
  'export.requirementTraceability': true,
  'export.traceabilityMatrices': true,
  'export.dateOnTitlePage': true,
};

/** The table of evolutions is an alpha feature: only alpha users may change these two (else 403). */
export const ALPHA_DOCUMENT_SETTINGS = ['export.tableOfEvolutions', 'export.tableOfEvolutionsRefDate'] as const;

/** PUT documents/settings merges the options it is given into the stored ones. */
export const documentSettingsPatch = documentSettingsSchema.partial();
export type DocumentSettingsPatch = z.infer<typeof documentSettingsPatch>;

export const updateDocumentSettingsBody = z.object({ settings: documentSettingsPatch });

const parentsId = z.array(idSchema).max(50);

export const createDocumentBody = z.object({
  project_id: idSchema,
  name: nameSchema,
  acronym: acronymSchema,
  description: richTextSchema.nullish().transform((v) => v ?? ''),
  parents_id: parentsId.nullish().transform((v) => v ?? []),
});
export type CreateDocumentBody = z.infer<typeof createDocumentBody>;

export const updateDocumentBody = z
  .object({
    name: nameSchema,
    acronym: acronymSchema,
    description: richTextSchema,
    parents_id: parentsId,
    version: versionSchema,
  })
  .partial();
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

export const documentPresented = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  acronym: z.string(),
  reference: z.string(),
  description: z.string(),
  parents: z.array(z.number()),
  children: z.array(z.number()),
  settings: documentSettingsSchema,
  requirements_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentPresented = z.infer<typeof documentPresented>;
