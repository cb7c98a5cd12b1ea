import { z } from 'zod';
import { idSchema, nameSchema } from './fields';
import { requirementPresented, statusSchema } from './requirements';

/**
 * Baselines (decisions §22): a named snapshot of some or all of a project's documents, taken at one instant and never
 * changed; compared with another baseline or with now; exported to Word as it was, or as a redline of a comparison.
 */
export const BASELINE_DESCRIPTION_MAX = 5000;
export const BASELINE_DOCUMENTS_MAX = 500;

export const createBaselineBody = z.object({
  project_id: idSchema,
  name: nameSchema,
  description: z.string().max(BASELINE_DESCRIPTION_MAX).optional(),
  /** The documents to keep; all of the project's when absent. Each must be a document of the project (422). */
  document_ids: z.array(idSchema).min(1).max(BASELINE_DOCUMENTS_MAX).optional(),
});
export type CreateBaselineBody = z.infer<typeof createBaselineBody>;

const personPresented = z.object({ id: z.number(), name: z.string() });

export const baselinePresented = z.object({
  id: z.number(),
  project_id: z.number(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** Null once the account is gone. */
  created_by: personPresented.nullable(),
  documents: z.array(z.object({ id: z.number(), name: z.string(), acronym: z.string() })),
  counts: z.object({ documents: z.number(), categories: z.number(), requirements: z.number(), links: z.number() }),
});
export type BaselinePresented = z.infer<typeof baselinePresented>;

/** GET baselines/requirements/{id}?document_id: a document's requirements as they were, as documents/requirements. */
export const baselineDocumentQuery = z.object({ document_id: idSchema });
/** The requirement as kept: the live shape, with links and their up-to-date marks as they were then. */
export const baselineRequirementPresented = requirementPresented;

/** GET baselines/compare/{id}?to&document_id: without `to`, against now. */
export const baselineCompareQuery = z.object({ to: idSchema.optional(), document_id: idSchema.optional() });
export type BaselineCompareQuery = z.infer<typeof baselineCompareQuery>;

/** A requirement on one side of a comparison. */
export const comparedRequirement = z.object({
  id: z.number(),
  document_id: z.number(),
  reference: z.string(),
  name: z.string(),
  description: z.string(),
  status: statusSchema,
  category: z.string().nullable(),
  tags: z.array(z.string()),
});
export type ComparedRequirement = z.infer<typeof comparedRequirement>;

const changeOf = <T extends z.ZodType>(value: T) => z.object({ before: value, after: value });

export const baselineComparison = z.object({
  /** In the later state only, in the earlier only: each as it is on its side. */
  added: z.array(comparedRequirement),
  removed: z.array(comparedRequirement),
  /** Matched by id; `requirement` is the later state, `changes` only the fields that differ. */
  changed: z.array(
    z.object({
      requirement: comparedRequirement,
      changes: z.object({
        name: changeOf(z.string()).optional(),
        description: changeOf(z.string()).optional(),
        status: changeOf(statusSchema).optional(),
        category: changeOf(z.string().nullable()).optional(),
        tags: changeOf(z.array(z.string())).optional(),
      }),
    }),
  ),
  links: z.object({
    added: z.array(z.object({ parent_id: z.number(), child_id: z.number() })),
    removed: z.array(z.object({ parent_id: z.number(), child_id: z.number() })),
  }),
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number() }),
});
export type BaselineComparison = z.infer<typeof baselineComparison>;

/** GET baselines/exportmsword/{id}?document_id. */
export const baselineExportQuery = z.object({ document_id: idSchema });
