import { and, eq, sql } from 'drizzle-orm';
import type { ReviewFeedbackPresented } from '@reqloom/domain';
import { createFeedbackBody, putVerdictBody, updateFeedbackBody } from '@reqloom/domain';
import type { z } from 'zod';
import { reviewFeedback, reviewVerdicts } from '../../db/schema';
import { invalid } from '../../core/errors';
import type { Work } from '../../core/work';
import { keptRequirementReference } from './reviews.baseline';
import { presentFeedback, type ReviewRow } from './reviews.presenter';
import { assertOpen, recordReview } from './reviews.service';

export type FeedbackRow = typeof reviewFeedback.$inferSelect;

/** The requirement's reference in the review's current baseline; a requirement outside it is 422 on requirement_id. */
async function reviewedRequirement(work: Work, review: ReviewRow, requirementId: number): Promise<string> {
  const reference = await keptRequirementReference(work.tx, review.baselineId, requirementId);
  if (reference === null) throw invalid({ requirement_id: ['validation.not_in_review'] });
  return reference;
}

const presentOne = async (work: Work, review: ReviewRow, id: number) =>
  (await presentFeedback(work.tx, review.id)).find((f) => f.id === id)!;

/**
 * POST reviews/feedback/{id} (the moderator or a participant): on a requirement of the current baseline, or on the
 * review (no requirement). Kept with the baseline it was given on.
 */
export async function addFeedback(
  work: Work,
  review: ReviewRow,
  body: z.infer<typeof createFeedbackBody>,
  userId: number,
): Promise<ReviewFeedbackPresented> {
  assertOpen(review);
  const requirementId = body.requirement_id ?? null;
  const reference = requirementId === null ? null : await reviewedRequirement(work, review, requirementId);
  const [row] = (await work.tx
    .insert(reviewFeedback)
    .values({
      reviewId: review.id,
      baselineId: review.baselineId,
      requirementId,
      kind: body.kind,
      content: body.content.trim(),
      authorId: userId,
    })
    .returning()) as [FeedbackRow];
  recordReview(work, review, 'updated', {
    feedback: { new: `${body.kind}${reference ? ` (${reference})` : ''}: ${row.content}` },
  });
  return presentOne(work, review, row.id);
}

/** PUT reviews/feedback/{feedbackId} {resolved} (the moderator or the author): resolved, or open again. */
export async function resolveFeedback(
  work: Work,
  review: ReviewRow,
  feedback: FeedbackRow,
  body: z.infer<typeof updateFeedbackBody>,
  userId: number,
): Promise<ReviewFeedbackPresented> {
  assertOpen(review);
  if (feedback.resolved !== body.resolved) {
    await work.tx
      .update(reviewFeedback)
      .set(
        body.resolved
          ? { resolved: true, resolvedBy: userId, resolvedAt: new Date() }
          : { resolved: false, resolvedBy: null, resolvedAt: null },
      )
      .where(eq(reviewFeedback.id, feedback.id));
    recordReview(work, review, 'updated', { feedback_resolved: { old: feedback.resolved, new: body.resolved } });
  }
  return presentOne(work, review, feedback.id);
}

/**
 * PUT reviews/verdict/{id} (an approver): approved or rejected, with a comment, on a requirement of the current
 * baseline; null withdraws it. One verdict per approver, requirement and baseline: two approvers never meet on a
 * row, and the same approver twice at once ends on the later (the upsert).
 */
export async function putVerdict(
  work: Work,
  review: ReviewRow,
  body: z.infer<typeof putVerdictBody>,
  userId: number,
): Promise<void> {
  assertOpen(review);
  const reference = await reviewedRequirement(work, review, body.requirement_id);
  const where = and(
    eq(reviewVerdicts.reviewId, review.id),
    eq(reviewVerdicts.baselineId, review.baselineId),
    eq(reviewVerdicts.requirementId, body.requirement_id),
    eq(reviewVerdicts.userId, userId),
  );
  const [before] = await work.tx.select({ verdict: reviewVerdicts.verdict }).from(reviewVerdicts).where(where);
  if (body.verdict === null) {
    if (!before) return;
    await work.tx.delete(reviewVerdicts).where(where);
  } else {
    const comment = body.comment?.trim() ?? '';
    await work.tx
      .insert(reviewVerdicts)
      .values({
        reviewId: review.id,
        baselineId: review.baselineId,
        requirementId: body.requirement_id,
        userId,
        verdict: body.verdict,
        comment,
      })
      .onConflictDoUpdate({
        target: [
          reviewVerdicts.reviewId,
          reviewVerdicts.baselineId,
          reviewVerdicts.requirementId,
          reviewVerdicts.userId,
        ],
        set: { verdict: body.verdict, comment, at: sql`now()` },
      });
  }
  recordReview(work, review, 'updated', {
    verdict: { old: before?.verdict ?? null, new: body.verdict },
    requirement: { new: reference },
  });
}
