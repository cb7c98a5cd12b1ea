import { z } from 'zod';
import { idSchema } from './fields';

/**
 * The traceability matrix (decisions §24): a parent document's requirements in reading order, each with its children
 * in one child document, the suspect links marked (decisions §22), and the coverage.
 */
export const MATRIX_FILTERS = ['all', 'uncovered', 'suspect'] as const;
export type MatrixFilter = (typeof MATRIX_FILTERS)[number];

/**
 * GET projects/matrix/{id}: `uncovered` keeps the parents with no child in the child document, `suspect` those with a
 * suspect link to one. The coverage is always of the whole parent document, whatever the filter.
 */
export const matrixQuery = z.object({
  parent_document_id: idSchema,
  child_document_id: idSchema,
  filter: z.enum(MATRIX_FILTERS).default('all'),
});
export type MatrixQuery = z.infer<typeof matrixQuery>;
export type MatrixQueryInput = z.input<typeof matrixQuery>;

export const MATRIX_FORMATS = ['xlsx', 'csv'] as const;
export type MatrixFormat = (typeof MATRIX_FORMATS)[number];

/** GET projects/matrixexport/{id}: the same, and the file's format; answers `{url}`, a one-time link. */
export const matrixExportQuery = matrixQuery.extend({ format: z.enum(MATRIX_FORMATS) });
export type MatrixExportQuery = z.infer<typeof matrixExportQuery>;

const matrixRequirement = z.object({ id: z.number(), reference: z.string(), name: z.string(), status: z.number() });
export type MatrixRequirement = z.infer<typeof matrixRequirement>;

export const matrixLink = z.object({ requirement: matrixRequirement, suspect: z.boolean() });
export type MatrixLink = z.infer<typeof matrixLink>;

export const matrixRow = z.object({ requirement: matrixRequirement, links: z.array(matrixLink) });
export type MatrixRow = z.infer<typeof matrixRow>;

/** `covered`: the parent document's requirements with at least one child in the child document, of `total`. */
export const matrixCoverage = z.object({ covered: z.number(), total: z.number() });

export const matrixAnswer = z.object({ data: z.object({ rows: z.array(matrixRow), coverage: matrixCoverage }) });
export type MatrixAnswer = z.infer<typeof matrixAnswer>;
export type MatrixPresented = MatrixAnswer['data'];

/**
 * GET projects/matrixpairs/{id}: the pairs of documents of the project that requirement links join (parent document,
 * child document), with how many links; the matrix view offers only these.
 */
export const matrixPair = z.object({
  parent_document_id: z.number(),
  child_document_id: z.number(),
  links: z.number(),
});
export type MatrixPair = z.infer<typeof matrixPair>;
export const matrixPairsAnswer = z.object({ data: z.array(matrixPair) });
