import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import type { ReviewEvent } from '../../api/wireEvent';
import { reviewKeys } from './reviewsApi';

/**
 * The one place that knows how a review's wire event changes the caches (decisions §23). `ReviewUpdated` and
 * `ReviewDeleted` only name the review, so what shows it is read again: the list, the review while a screen has it
 * open (an unwatched query waits to be asked for), and the documents' last approved baselines (a signature or a
 * revocation changes them). A deleted review's read answers 404, and its screen leaves for the list.
 */
export async function applyReviewEvent(queryClient: QueryClient, projectId: number, event: ReviewEvent): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.list(projectId) }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.one(projectId, event.payload.review_id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.documentApprovals(projectId) }),
  ]);
}
