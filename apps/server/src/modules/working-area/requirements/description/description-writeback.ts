import { and, desc, eq, gt } from 'drizzle-orm';
import { readHtml, sameDescription } from './shared-description';
import { storeState } from './collaboration-states';
import { loadRequirementRowForWrite, lockProjectOfRequirement } from '../../../../core/locks';
import { documents, requirements, revisions } from '../../../../db/schema';
import { AppError } from '../../../../core/errors';
import type { Work } from '../../../../core/work';
import { keepRevision } from '../../core/revisions';
import type { RequirementRow } from '../../../../read/requirements.presenter';
import { requirementReferenceOf } from '../../../../read/audit-references';

/** Collaborative editing keeps at most one revision per author per this long (decisions §6). */
export const REVISION_WINDOW_MS = 5 * 60_000;

/**
 * Whether a write-back of `writerId` keeps the previous state as a revision (credited to that state's author).
 * Not when the same person goes on writing and a revision was kept less than five minutes ago, nor when a state of
 * the previous state's author was kept less than five minutes ago (people taking turns every few seconds). So each
 * author's work gives at most one revision per five minutes of continuous editing.
 */
async function keepsRevision(work: Work, current: RequirementRow, writerId: number | null): Promise<boolean> {
  const since = new Date(Date.now() - REVISION_WINDOW_MS);
  const [newest] = await work.tx
    .select({ authorId: revisions.authorId, createdAt: revisions.createdAt })
    .from(revisions)
    .where(and(eq(revisions.requirementId, current.id), gt(revisions.createdAt, since)))
    .orderBy(desc(revisions.id))
    .limit(1);
  if (!newest) return true;
  const previousAuthor = current.updatedBy ?? current.authorId;
  if (previousAuthor === writerId) return false;
  const [keptOfPreviousAuthor] = await work.tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(
      and(
        eq(revisions.requirementId, current.id),
        gt(revisions.createdAt, since),
        previousAuthor === null ? undefined : eq(revisions.authorId, previousAuthor),
      ),
    )
    .limit(1);
  return keptOfPreviousAuthor === undefined;
}

/**
 * Stores a live shared document and writes its description back (decisions §15): sanitised, `updated_at` and
 * `version` moved, `RequirementUpdated` sent, a revision kept by the rule above. Answers false when the
 * requirement is gone (its connections are being closed).
 */
export async function writeBackDescription(
  work: Work,
  requirementId: number,
  state: Uint8Array,
  writerId: number | null,
): Promise<boolean> {
  let current: RequirementRow;
  try {
    // Its own field only: the row's lock, not the document's (see loadRequirementRowForWrite), after its project's,
    // which every write takes first (db/locks.ts).
    await lockProjectOfRequirement(work.tx, requirementId);
    current = await loadRequirementRowForWrite(work.tx, requirementId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return false;
    throw error;
  }
  const doc = await storeState(work.tx, requirementId, state);
  const description = readHtml(doc);
  doc.destroy();
  // Not a change: the stored description, only spelled as the editor spells it. Written back, it would move
  // `updated_at`, keep a revision and mark every link from the requirement out of date, for a person who only
  // opened it (the browser's editor sends an update as it binds).
  if (sameDescription(description, current.description)) return true;
  if (await keepsRevision(work, current, writerId)) await keepRevision(work.tx, [current]);
  await work.tx
    .update(requirements)
    .set({ description, updatedAt: new Date(), updatedBy: writerId })
    .where(eq(requirements.id, requirementId));
  const [document] = await work.tx
    .select({ projectId: documents.projectId })
    .from(documents)
    .where(eq(documents.id, current.documentId));
  // Only a real change is written back (above), so only a real change is in the trail; the work's actor is the writer.
  work.record(
    {
      name: 'RequirementChanged',
      projectId: document!.projectId,
      requirementId,
      description: true,
      byCollaboration: true,
    },
    {
      action: 'updated',
      entityType: 'requirement',
      entityId: requirementId,
      reference: await requirementReferenceOf(work.tx, requirementId),
      documentId: current.documentId,
      changes: { description: { changed: true } },
    },
  );
  return true;
}
