import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, FeedbackKind, SignatureMeaning } from '@reqloom/domain';
import {
  closeReview,
  createReview,
  deleteReview,
  fetchReview,
  fetchReviews,
  postFeedback,
  putVerdict,
  republishReview,
  resolveFeedback,
  reviewKeys,
  revokeSignature,
  signReview,
} from './reviewsApi';

/** The project's reviews (the server's order). */
export function useReviews(projectId: number) {
  return useQuery({ queryKey: reviewKeys.list(projectId), queryFn: () => fetchReviews(projectId) });
}

/** One review with its items and feedback; read again on its realtime events (applyReviewEvent). */
export function useReview(projectId: number, id: number) {
  return useQuery({ queryKey: reviewKeys.one(projectId, id), queryFn: () => fetchReview(id) });
}

export function useCreateReview(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateReviewBody, 'project_id'>) => createReview({ ...body, project_id: projectId }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.list(projectId) }),
  });
}

/**
 * The writes on one review. The server spares the writer's own socket the events of its write, so each one reads
 * the review and the list again itself once it is done.
 */
export function useReviewActions(projectId: number, id: number) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: reviewKeys.all(projectId) });
  const onSuccess = () => settled();
  return {
    feedback: useMutation({
      mutationFn: (body: { requirement_id?: number; kind: FeedbackKind; content: string }) => postFeedback(id, body),
      onSuccess,
    }),
    resolve: useMutation({
      mutationFn: ({ feedbackId, resolved }: { feedbackId: number; resolved: boolean }) =>
        resolveFeedback(feedbackId, resolved),
      onSuccess,
    }),
    verdict: useMutation({
      mutationFn: (body: { requirement_id: number; verdict: 'approved' | 'rejected' | null; comment?: string }) =>
        putVerdict(id, body),
      onSuccess,
    }),
    sign: useMutation({
      mutationFn: (body: { password?: string; meaning: SignatureMeaning }) => signReview(id, body),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (body: { signature_id: number; password?: string; reason: string }) => revokeSignature(id, body),
      onSuccess,
    }),
    close: useMutation({ mutationFn: () => closeReview(id), onSuccess }),
    republish: useMutation({ mutationFn: () => republishReview(id), onSuccess }),
    remove: useMutation({
      mutationFn: () => deleteReview(id),
      onSuccess: () => {
        client.removeQueries({ queryKey: reviewKeys.one(projectId, id) });
        return client.invalidateQueries({ queryKey: reviewKeys.list(projectId) });
      },
    }),
  };
}
