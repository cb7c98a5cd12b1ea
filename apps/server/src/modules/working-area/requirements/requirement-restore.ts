import { eq } from 'drizzle-orm';
import type { RequirementPresented, RestoreRequirementBody, UpdateRequirementBody } from '@reqloom/domain';
import { revisions } from '../../../db/schema';
import { invalid, notFound } from '../../../core/errors';
import type { Work } from '../../../core/work';
import type { User } from '../../../core/identity';
import type { ProjectRow } from '../../../policies/project-access';
import { findRequirement } from '../core/lookups';
import { categoryBelongs } from './requirement-rules';
import { updateRequirement } from './requirements.service';

/**
 * Restores a revision (decisions §22): the requirement takes the revision's name, description, status and category
 * through the update's own path, so that the state it replaces is kept as a revision, the version moves (409 when
 * `version` is behind), the same events are sent, and a description open in a co-editing session takes the restored
 * text the way it takes a PUT's: merged into what people type. The trail says `restored`, with the revision taken.
 */
export async function restoreRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  requirementId: number,
  body: RestoreRequirementBody,
): Promise<RequirementPresented> {
  const { tx } = work;
  const [revision] = await tx.select().from(revisions).where(eq(revisions.id, body.revision_id)).limit(1);
  if (!revision || revision.requirementId !== requirementId) throw invalid({ revision_id: ['validation.revision_of'] });
  const current = await findRequirement(tx, requirementId);
  if (!current) throw notFound();
  const change: UpdateRequirementBody = {
    name: revision.name,
    description: revision.description,
    status: revision.status,
    version: body.version,
  };
  // A revision keeps its category's id only. The category may be gone since, or be of another document (the
  // requirement moved): the requirement then goes to its document's root rather than fail a restore of its text.
  if (revision.categoryId !== current.categoryId) {
    const kept = revision.categoryId !== null && (await categoryBelongs(tx, revision.categoryId, current.documentId));
    const categoryId = kept ? revision.categoryId : null;
    if (categoryId !== current.categoryId) change.category_id = categoryId;
  }
  return updateRequirement(work, user, project, requirementId, change, {
    action: 'restored',
    extra: { revision_id: { new: revision.id } },
  });
}
