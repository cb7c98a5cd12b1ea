import { eq } from 'drizzle-orm';
import { reviewFeedback, reviews } from '../../db/schema';
import { paramId, type ProjectLocator } from '../../http/access';

/** A review route finds its project through the review in its path: an unknown or deleted review is 404. */
export const reviewById: ProjectLocator = {
  name: 'review.id',
  async find(request, db) {
    const id = paramId(request);
    if (id === null) return null;
    const [row] = await db.select({ projectId: reviews.projectId }).from(reviews).where(eq(reviews.id, id)).limit(1);
    return row?.projectId ?? null;
  },
};

/** PUT reviews/feedback/{feedbackId}: the project of the feedback's review. */
export const reviewFeedbackById: ProjectLocator = {
  name: 'reviewFeedback.id',
  async find(request, db) {
    const id = paramId(request);
    if (id === null) return null;
    const [row] = await db
      .select({ projectId: reviews.projectId })
      .from(reviewFeedback)
      .innerJoin(reviews, eq(reviews.id, reviewFeedback.reviewId))
      .where(eq(reviewFeedback.id, id))
      .limit(1);
    return row?.projectId ?? null;
  },
};
