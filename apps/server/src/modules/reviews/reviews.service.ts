import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreateReviewBody, Language, ReviewPresented } from '@reqloom/domain';
import { roleAtLeast } from '@reqloom/domain';
import { documents, groups, projectUsers, reviewBaselines, reviewDocuments, reviewParticipants } from '../../db/schema';
import { reviewSignatures, reviews, users } from '../../db/schema';
import { invalid, invalidMessage, type FieldErrors } from '../../core/errors';
import type { AuditFact } from '../../core/audit';
import type { Work } from '../../core/work';
import { translate } from '../../i18n/messages';
import type { ProjectRow } from '../../policies/project-access';
import { createBaseline } from '../baselines/baselines.service';
import { freeBaselineName } from './reviews.baseline';
import { presentReview, type ReviewRow } from './reviews.presenter';

/** An invitation to send once the review is committed (the mail names the review and links to it). */
export type Invitation = {
  to: { name: string; email: string };
  lang: Language;
  role: 'reviewer' | 'approver';
};

export const reviewFact = (
  review: { id: number; title: string },
  action: AuditFact['action'],
  changes: AuditFact['changes'],
): AuditFact => ({ action, entityType: 'review', entityId: review.id, reference: review.title, changes });

/** Records that the review changed, with what the audit trail says of it: `ReviewUpdated` after commit. */
export function recordReview(
  work: Work,
  review: ReviewRow,
  action: AuditFact['action'],
  changes: AuditFact['changes'],
) {
  work.record(
    { name: 'ReviewChanged', projectId: review.projectId, reviewId: review.id },
    reviewFact(review, action, changes),
  );
}

/** A closed review is read-only (decisions §23): every write on it is 422. */
export function assertOpen(review: ReviewRow): void {
  if (review.state !== 'open') throw invalidMessage('validation.review_closed');
}

/** The project's documents among `ids`, keeping their order; the others are 422 on `document_ids.N`. */
async function checkDocuments(work: Work, projectId: number, ids: number[], errors: FieldErrors): Promise<number[]> {
  const own = new Set(
    (
      await work.tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.projectId, projectId), inArray(documents.id, ids)))
    ).map((d) => d.id),
  );
  ids.forEach((id, n) => {
    if (!own.has(id)) errors[`document_ids.${n}`] = ['validation.not_in_project'];
  });
  return [...new Set(ids)];
}

/** Participants are members of role reviewer or above (else 422 on `participants.N.user_id`), each at most once. */
async function checkParticipants(work: Work, projectId: number, body: CreateReviewBody, errors: FieldErrors) {
  const ids = body.participants.map((p) => p.user_id);
  const members = await work.tx
    .select({ userId: projectUsers.userId, role: projectUsers.role, name: users.name, email: users.email })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(and(eq(projectUsers.projectId, projectId), inArray(projectUsers.userId, ids)));
  const memberOf = new Map(members.map((m) => [m.userId, m]));
  const seen = new Set<number>();
  body.participants.forEach((p, n) => {
    const member = memberOf.get(p.user_id);
    if (!member || !roleAtLeast(member.role, 'reviewer'))
      errors[`participants.${n}.user_id`] = ['validation.review_participant_role'];
    else if (seen.has(p.user_id)) errors[`participants.${n}.user_id`] = ['validation.review_participant_twice'];
    seen.add(p.user_id);
  });
}

/** The baseline of a review's revision: its documents as they are now, under a name the project does not hold. */
async function takeReviewBaseline(
  work: Work,
  project: ProjectRow,
  review: { title: string; revision: number },
  documentIds: number[],
  userId: number | null,
) {
  const base =
    review.revision === 1
      ? translate(work.lang, 'review.baseline_name', { title: review.title })
      : translate(work.lang, 'review.baseline_name_revision', { title: review.title, revision: review.revision });
  const name = await freeBaselineName(work.tx, project.id, base);
  return createBaseline(work, project, { project_id: project.id, name, document_ids: documentIds }, userId);
}

/**
 * POST reviews (decisions §23), in the baseline's `repeatable read` unit of work: checks the documents and the
 * participants (one 422 with every error), takes a baseline of the documents through the baselines module, and
 * writes the review, its documents, participants and first revision. Answers the review and the invitations that
 * the route mails once the work has committed.
 */
export async function startReview(
  work: Work,
  project: ProjectRow,
  body: CreateReviewBody,
  userId: number,
): Promise<{ review: ReviewPresented; invitations: Invitation[] }> {
  const { tx } = work;
  const errors: FieldErrors = {};
  const documentIds = await checkDocuments(work, project.id, body.document_ids, errors);
  await checkParticipants(work, project.id, body, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const title = body.title.trim();
  const baseline = await takeReviewBaseline(work, project, { title, revision: 1 }, documentIds, userId);
  const [row] = (await tx
    .insert(reviews)
    .values({
      projectId: project.id,
      title,
      description: body.description ?? '',
      moderatorId: userId,
      baselineId: baseline.id,
      dueDate: body.due_date ?? null,
    })
    .returning()) as [ReviewRow];
  await tx
    .insert(reviewDocuments)
    .values(documentIds.map((documentId, position) => ({ reviewId: row.id, documentId, position })));
  await tx
    .insert(reviewParticipants)
    .values(body.participants.map((p) => ({ reviewId: row.id, userId: p.user_id, role: p.role })));
  await tx.insert(reviewBaselines).values({ reviewId: row.id, baselineId: baseline.id, revision: 1 });

  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email, preferences: users.preferences })
    .from(users)
    .where(
      inArray(
        users.id,
        body.participants.map((p) => p.user_id),
      ),
    );
  const personOf = new Map(people.map((p) => [p.id, p]));
  recordReview(work, row, 'review_started', {
    title: { new: title },
    baseline: { new: baseline.name },
    documents: { new: baseline.documents.map((d) => d.name).join(', ') },
    participants: {
      new: body.participants.map((p) => `${personOf.get(p.user_id)?.name ?? `#${p.user_id}`} (${p.role})`).join(', '),
    },
  });
  const invitations = body.participants.flatMap((p): Invitation[] => {
    const person = personOf.get(p.user_id);
    if (!person) return [];
    return [
      {
        to: { name: person.name, email: person.email },
        lang: person.preferences.lang === 'fr' ? 'fr' : 'en',
        role: p.role,
      },
    ];
  });
  return { review: await presentReview(tx, row), invitations };
}

/** The review's path in the web client, for the invitations: /project/{namespace}/{slug}/reviews/{id}. */
export async function reviewLink(work: Work, appUrl: string, project: ProjectRow, reviewId: number): Promise<string> {
  const [owner] =
    project.ownerType === 'group'
      ? await work.tx.select({ namespace: groups.slug }).from(groups).where(eq(groups.id, project.ownerId)).limit(1)
      : await work.tx.select({ namespace: users.username }).from(users).where(eq(users.id, project.ownerId)).limit(1);
  return `${appUrl}/project/${encodeURIComponent(owner?.namespace ?? '')}/${encodeURIComponent(project.slug)}/reviews/${reviewId}`;
}

/** POST reviews/close/{id} (the moderator): read-only from now on. */
export async function closeReview(work: Work, review: ReviewRow): Promise<ReviewPresented> {
  assertOpen(review);
  const [row] = (await work.tx
    .update(reviews)
    .set({ state: 'closed', closedAt: new Date() })
    .where(eq(reviews.id, review.id))
    .returning()) as [ReviewRow];
  recordReview(work, row, 'updated', { state: { old: 'open', new: 'closed' } });
  return presentReview(work.tx, row);
}

/**
 * POST reviews/republish/{id} (the moderator, an open review): a fresh baseline of the same documents (those still in
 * the project), revision + 1. Verdicts, feedback and signatures stay with the baseline they were given on.
 */
export async function republishReview(
  work: Work,
  project: ProjectRow,
  review: ReviewRow,
  userId: number,
): Promise<ReviewPresented> {
  assertOpen(review);
  const wanted = (
    await work.tx
      .select({ id: reviewDocuments.documentId })
      .from(reviewDocuments)
      .where(eq(reviewDocuments.reviewId, review.id))
      .orderBy(asc(reviewDocuments.position))
  ).map((d) => d.id);
  const left = await work.tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.projectId, project.id), inArray(documents.id, wanted)));
  const kept = new Set(left.map((d) => d.id));
  const documentIds = wanted.filter((id) => kept.has(id));
  if (documentIds.length === 0) throw invalidMessage('validation.review_no_documents');
  const revision = review.revision + 1;
  const baseline = await takeReviewBaseline(work, project, { title: review.title, revision }, documentIds, userId);
  await work.tx.insert(reviewBaselines).values({ reviewId: review.id, baselineId: baseline.id, revision });
  const [row] = (await work.tx
    .update(reviews)
    .set({ baselineId: baseline.id, revision })
    .where(eq(reviews.id, review.id))
    .returning()) as [ReviewRow];
  recordReview(work, row, 'updated', {
    revision: { old: review.revision, new: revision },
    baseline: { new: baseline.name },
  });
  return presentReview(work.tx, row);
}

/**
 * DELETE reviews/{id} (the moderator or a maintainer): an open review without signatures; a closed or signed one is
 * kept (422; the database refuses a signed one too). Its baselines stay: they are the project's, and can be deleted
 * once no review holds them.
 */
export async function deleteReview(work: Work, review: ReviewRow): Promise<void> {
  const [signed] = await work.tx
    .select({ id: reviewSignatures.id })
    .from(reviewSignatures)
    .where(eq(reviewSignatures.reviewId, review.id))
    .limit(1);
  if (review.state !== 'open' || signed) throw invalidMessage('validation.review_kept');
  await work.tx.delete(reviews).where(eq(reviews.id, review.id));
  work.record(
    { name: 'ReviewDeleted', projectId: review.projectId, reviewId: review.id },
    reviewFact(review, 'deleted', { title: { old: review.title } }),
  );
}

/** Row locks of a review: `share` for a write in it (feedback, a verdict), `update` to change its state. */
export async function lockReview(
  work: Work,
  reviewId: number,
  strength: 'share' | 'update',
): Promise<ReviewRow | undefined> {
  const [row] = await work.tx.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1).for(strength);
  return row;
}
