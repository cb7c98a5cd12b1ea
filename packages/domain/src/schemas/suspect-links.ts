import { z } from 'zod';
import { auditMomentSchema } from './audit';
import { idSchema, pageCursorSchema, pageLimitSchema } from './fields';
import { statusSchema } from './requirements';

/**
 * Suspect links (decisions §22): the links whose parent's name, description or status changed after the latest of the
 * link's creation, its last validation and the child's last change; and their validation ("mark as reviewed").
 */
export const SUSPECT_VALIDATE_MAX = 1000;
export const SUSPECT_COMMENT_MAX = 2000;

export const suspectLinkPair = z.object({ parent_id: idSchema, child_id: idSchema });
export type SuspectLinkPair = z.infer<typeof suspectLinkPair>;

/** POST requirementlinks/validate: 1–1,000 links of one project; a pair that is not a link → 422 on `links.N`. */
export const validateLinksBody = z.object({
  links: z.array(suspectLinkPair).min(1).max(SUSPECT_VALIDATE_MAX),
  comment: z.string().trim().max(SUSPECT_COMMENT_MAX).optional(),
});
export type ValidateLinksBody = z.infer<typeof validateLinksBody>;

/**
 * The filters of GET projects/suspectlinks/{id} and projects/suspectlinkcount/{id}: links with an end in
 * `document_id`, whose parent `changed_by` made its last change, at or after `after`; `child_id` narrows them to the
 * links of one child (what the traceability section's dialog explains).
 */
export const suspectLinkFilters = z.object({
  document_id: idSchema.optional(),
  changed_by: idSchema.optional(),
  after: auditMomentSchema.optional(),
  child_id: idSchema.optional(),
});
export type SuspectLinkFilters = z.infer<typeof suspectLinkFilters>;

export const SUSPECT_PAGE_DEFAULT = 100;
export const SUSPECT_PAGE_MAX = 500;

/** One page of the list, newest change of the parent first; `cursor` is the previous page's `next_cursor`. */
export const suspectLinksQuery = suspectLinkFilters.extend({
  cursor: pageCursorSchema.optional(),
  limit: pageLimitSchema(SUSPECT_PAGE_MAX, SUSPECT_PAGE_DEFAULT),
});
export type SuspectLinksQuery = z.infer<typeof suspectLinksQuery>;
export type SuspectLinksQueryInput = z.input<typeof suspectLinksQuery>;

const linkEnd = z.object({ id: z.number(), reference: z.string(), name: z.string(), document_id: z.number() });
const changeOf = <T extends z.ZodType>(value: T) => z.object({ before: value, after: value });

export const suspectLinkPresented = z.object({
  parent: linkEnd,
  child: linkEnd,
  /** When the parent first changed after the link was last up to date. */
  suspect_since: z.string(),
  /** Who made the parent's last change of name, description or status; null once the account is gone. */
  changed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The parent as it was when the link was last up to date, against now: only what differs. */
  changes: z.object({
    name: changeOf(z.string()).optional(),
    description: changeOf(z.string()).optional(),
    status: changeOf(statusSchema).optional(),
  }),
});
export type SuspectLinkPresented = z.infer<typeof suspectLinkPresented>;

export const suspectLinksAnswer = z.object({
  data: z.array(suspectLinkPresented),
  /** The next page (older changes); null on the last. */
  next_cursor: z.string().nullable(),
});
export type SuspectLinksAnswer = z.infer<typeof suspectLinksAnswer>;

/** GET projects/suspectlinkcount/{id}: how many links the same filters list, without reading their changes. */
export const suspectLinkCountAnswer = z.object({ count: z.number().int().nonnegative() });
export type SuspectLinkCountAnswer = z.infer<typeof suspectLinkCountAnswer>;
