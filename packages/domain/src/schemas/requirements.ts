import { z } from 'zod';
import { COVERAGE_STATUSES } from '../rules/coverage';
import { tagPresented } from './classifiers';
import { idSchema, nameSchema, versionSchema } from './fields';
import { richTextSchema } from './rich-text';
import { previouslyPassedTestsSchema, testStep, testStepsSchema } from './tests';

/** 0 draft (no badge), 1 written, 2 reviewed, 3 validated (decisions §6). */
export const REQUIREMENT_STATUSES = [0, 1, 2, 3] as const;
export const statusSchema = z.number().int().min(0).max(3);

const linkIds = z.array(idSchema).max(1000);

export const createRequirementBody = z.object({
  document_id: idSchema,
  category_id: idSchema.nullish().transform((v) => v ?? null),
  name: nameSchema,
  description: richTextSchema.nullish().transform((v) => v ?? ''),
  status: statusSchema.optional(),
  /** A test (alpha; decisions §16): `type: "test"` or `test: true`, and then its own fields. */
  type: z.enum(['requirement', 'test']).optional(),
  test: z.boolean().optional(),
  initialConditions: richTextSchema.optional(),
  previouslyPassedTests: previouslyPassedTestsSchema.optional(),
  steps: testStepsSchema.optional(),
});
export type CreateRequirementBody = z.infer<typeof createRequirementBody>;

export const updateRequirementBody = z
  .object({
    name: nameSchema,
    description: richTextSchema,
    document_id: idSchema,
    category_id: idSchema.nullable(),
    status: statusSchema,
    parents_id: linkIds,
    children_id: linkIds,
    /** Replaces the requirement's tags (decisions §12). */
    tags_id: z.array(idSchema).max(200),
    /** A test's own fields (alpha; decisions §16); 422 on a requirement that is not a test. */
    initialConditions: richTextSchema,
    previouslyPassedTests: previouslyPassedTestsSchema,
    steps: testStepsSchema,
    version: versionSchema,
  })
  .partial();
export type UpdateRequirementBody = z.infer<typeof updateRequirementBody>;

export const createChildrenBody = z.object({
  children: z
    .array(
      z.object({
        document_id: idSchema,
        category_id: idSchema.nullable(),
        name: nameSchema,
      }),
    )
    .min(1)
    .max(100),
});
export type CreateChildrenBody = z.infer<typeof createChildrenBody>;

export const linkPresented = z.object({ id: z.number(), upToDate: z.boolean() });

export const revisionPresented = z.object({
  id: z.number(),
  requirement_id: z.number(),
  category_id: z.number().nullable(),
  author_id: z.number().nullable(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  name: z.string(),
  description: z.string(),
  status: z.number(),
  updated_at: z.string(),
});
export type RevisionPresented = z.infer<typeof revisionPresented>;

export const requirementPresented = z.object({
  id: z.number(),
  project_id: z.number(),
  document_id: z.number(),
  category_id: z.number().nullable(),
  author_id: z.number().nullable(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  reference: z.string(),
  reference_number: z.number(),
  name: z.string(),
  description: z.string(),
  order: z.number(),
  status: z.number(),
  type: z.enum(['requirement', 'test']),
  test: z.boolean(),
  /** A test's own fields (decisions §16); present only when `type` is `test`. */
  initialConditions: z.string().optional(),
  previouslyPassedTests: z.array(z.number()).optional(),
  steps: z.array(testStep).optional(),
  /** Whether a test has kept runs (decisions §16: then it cannot be deleted); present only on a test. */
  has_runs: z.boolean().optional(),
  has_comments: z.boolean(),
  tags: z.array(tagPresented),
  /** Values an import kept that have no field here (decisions §14), name → text; read-only. */
  attributes: z.record(z.string(), z.string()),
  parents: z.array(linkPresented),
  children: z.array(linkPresented),
  coverageStatus: z.enum(COVERAGE_STATUSES),
  /** +1 with every change (decisions §19): a PUT may send the one it edited, and gets 409 if it moved on. */
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RequirementPresented = z.infer<typeof requirementPresented>;

/** What the views draw of a link (spec 2, data model): its two requirements, its project, its up-to-date mark. */
export const requirementLinkPresented = z.object({
  parent_id: z.number(),
  child_id: z.number(),
  project_id: z.number(),
  upToDate: z.boolean(),
});
export type RequirementLinkPresented = z.infer<typeof requirementLinkPresented>;

/** GET projects/requirementlinks/{id}?document_id=: only the links with one side in that document. */
export const requirementLinksQuery = z.object({ document_id: idSchema.optional() });
