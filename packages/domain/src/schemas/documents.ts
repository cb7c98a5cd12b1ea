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

export const documentSettingsSchema = z
  .object({
    'export.tableOfContents': z.boolean(),
    'export.tableOfEvolutions': z.boolean(),
    'export.tableOfEvolutionsRefDate': z.string().max(40).nullable(),
    'export.projectSummary': z.boolean(),
    'export.documentSummary': z.boolean(),
    'export.requirementTitleAndReference': z.boolean(),
    'export.requirementTraceability': z.boolean(),
    'export.traceabilityMatrices': z.boolean(),
    'export.dateOnTitlePage': z.boolean(),
  })
  .partial();
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

export const updateDocumentSettingsBody = z.object({ settings: documentSettingsSchema });

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
