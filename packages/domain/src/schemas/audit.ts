import { z } from 'zod';
import { idSchema, pageCursorSchema, pageLimitSchema } from './fields';

/**
 * The audit trail (decisions §21): what was done, by whom, to what. The lists are the contract of the History view's
 * filters and of the entries' `changes`; later features (baselines, reviews) bring their actions with them.
 */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'moved',
  'linked',
  'unlinked',
  'link_validated',
  'imported',
  'exported',
  'restored',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'baseline_created',
  'baseline_deleted',
  'review_started',
  'review_signed',
  'signature_revoked',
  'settings_changed',
  'transferred',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export const AUDIT_ENTITY_TYPES = [
  'project',
  'member',
  'document',
  'category',
  'requirement',
  'link',
  'classifier',
  'tag',
  'comment',
  'test_run',
  'baseline',
  'review',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);

/** Who did it: a signed-in user, an access token (its owner, and the token's name), or the command line. */
export const AUDIT_ACTOR_TYPES = ['user', 'token', 'cli'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
export const auditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  /** The user (for a token, its owner); null for the command line. Kept when the account is gone. */
  id: z.number().nullable(),
  /** The name at the time of the change, so that the entry still says who once the account is renamed or gone. */
  name: z.string(),
  /** The access token's name, for `token`. */
  token_name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** One value of a change: what a field held, as the API presents it (text, number, flag, list of ids or names). */
export const auditValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
/**
 * The fields that changed, each with its value before and after: a creation has only `new`, a deletion only `old`.
 * Rich text (a description, a test's conditions and steps) is not copied into the trail: its change is
 * `{changed: true}`, which the revisions of decisions §22 will name by revision id.
 */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ old: auditValueSchema.optional(), new: auditValueSchema.optional(), changed: z.literal(true).optional() }),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntryPresented = z.object({
  id: z.number(),
  at: z.string(),
  actor: auditActorSchema,
  action: auditActionSchema,
  entity_type: auditEntityTypeSchema,
  /** The element; null when the entry is about the project as a whole. */
  entity_id: z.number().nullable(),
  /** How the element was known when it changed (a requirement's reference, a document's name), for the reader. */
  entity_reference: z.string().nullable(),
  /** The document the element was in, when it was in one: where the History view links to. */
  document_id: z.number().nullable(),
  changes: auditChangesSchema,
});
export type AuditEntryPresented = z.infer<typeof auditEntryPresented>;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/**
 * A moment of a filter: an ISO 8601 date (`2026-11-28`, the start of that day in UTC) or date and time with its offset.
 * Anything else is refused, not read as a guess.
 */
export const auditMomentSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
    message: 'validation.date_format',
  })
  .refine((text) => !Number.isNaN(Date.parse(text)), { message: 'validation.date_format' })
  .transform((text) => new Date(text));

/**
 * GET projects/audit/{id} and projects/auditexport/{id}: `after` is inclusive, `before` exclusive; `entity_id` narrows
 * `entity_type` to one element (the history of one requirement).
 */
const auditFilterFields = {
  before: auditMomentSchema.optional(),
  after: auditMomentSchema.optional(),
  actor_id: idSchema.optional(),
  entity_type: auditEntityTypeSchema.optional(),
  entity_id: idSchema.optional(),
  action: auditActionSchema.optional(),
};
const entityIdNeedsType = (filters: { entity_id?: number; entity_type?: string }, ctx: z.RefinementCtx) => {
  if (filters.entity_id !== undefined && filters.entity_type === undefined) {
    ctx.addIssue({ code: 'custom', path: ['entity_type'], message: 'validation.required' });
  }
};

/** The filters alone: what an export link keeps (its dates as ISO text) and reads back. */
export const auditFilters = z.object(auditFilterFields).superRefine(entityIdNeedsType);
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditQuery = z
  .object({
    ...auditFilterFields,
    cursor: pageCursorSchema.optional(),
    limit: pageLimitSchema(AUDIT_PAGE_MAX, AUDIT_PAGE_DEFAULT),
  })
  .superRefine(entityIdNeedsType);
export type AuditQuery = z.infer<typeof auditQuery>;
/** The filters as the client sends them (before the server reads them). */
export type AuditQueryInput = z.input<typeof auditQuery>;

export const auditAnswer = z.object({
  data: z.array(auditEntryPresented),
  /** The next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type AuditAnswer = z.infer<typeof auditAnswer>;

export const auditExportAnswer = z.object({ url: z.string() });
