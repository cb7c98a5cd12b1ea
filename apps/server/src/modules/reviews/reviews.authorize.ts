import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { forbidden, notFound } from '../../core/errors';
import type { Work } from '../../core/work';
import { reviewParticipants } from '../../db/schema';
import { loadedProject } from '../../http/loaded';
import { can, type Action } from '../../policies/policy';
import type { ReviewRow } from './reviews.presenter';
import { lockReview } from './reviews.service';

export type ReviewVerb = Extract<Action, { review: unknown }>['do'];

/**
 * Loads the review (row-locked for the work) and asks the policy whether the caller may `verb` it: the caller's
 * project role (read with the route's access check) and part in the review (decisions §23). 404 for a review gone
 * meanwhile, 403 for a caller without the part.
 */
export async function authorizedReview(
  work: Work,
  request: FastifyRequest,
  reviewId: number,
  verb: ReviewVerb,
  lock: 'share' | 'update',
  authorId: number | null = null,
): Promise<ReviewRow> {
  const user = request.auth!.user;
  const review = await lockReview(work, reviewId, lock);
  if (!review || review.projectId !== loadedProject(request).id) throw notFound();
  const [part] = await work.tx
    .select({ role: reviewParticipants.role })
    .from(reviewParticipants)
    .where(and(eq(reviewParticipants.reviewId, review.id), eq(reviewParticipants.userId, user.id)));
  const facts = { moderatorId: review.moderatorId, participantRole: part?.role ?? null };
  const project = { id: review.projectId, role: request.role };
  const allowed =
    verb === 'review.feedback.resolve'
      ? can(user, { do: verb, project, review: facts, authorId })
      : can(user, { do: verb, project, review: facts });
  if (!allowed) throw forbidden();
  return review;
}
