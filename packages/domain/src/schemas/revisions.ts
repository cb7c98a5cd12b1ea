import { z } from 'zod';
import { idSchema, versionSchema } from './fields';

/**
 * Revisions and restore (decisions §22). A revision is a past state of a requirement's name, description, status and
 * category, kept when a change replaced it and credited to the author of that state.
 */
export const revisionListed = z.object({
  id: z.number(),
  /** When that state was made (the requirement's `updated_at` then), by `author`. */
  created_at: z.string(),
  /** Null once the account is gone. */
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  name: z.string(),
  description: z.string(),
  status: z.number(),
  category_id: z.number().nullable(),
  /** The category's reference now; null at the document root, or when the category no longer exists. */
  category_reference: z.string().nullable(),
});
export type RevisionListed = z.infer<typeof revisionListed>;

/** `GET requirements/revisions/{id}`: newest first. */
export const revisionsAnswer = z.object({ data: z.array(revisionListed) });

/** `POST requirements/restore/{id}`: a revision of this requirement (else 422 on `revision_id`), and the version edited. */
export const restoreRequirementBody = z.object({
  revision_id: idSchema,
  version: versionSchema.optional(),
});
export type RestoreRequirementBody = z.infer<typeof restoreRequirementBody>;
