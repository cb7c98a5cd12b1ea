import type {
  CreateReviewBody,
  FeedbackKind,
  ReviewDetailPresented,
  ReviewFeedbackPresented,
  ReviewPresented,
  SignatureMeaning,
} from '@reqloom/domain';
import { api } from '../../api/client';
import { downloadExport } from '../../api/exports';

type Data<T> = { data: T };
const data = async <T>(call: Promise<Data<T>>): Promise<T> => (await call).data;

/** The query keys of the reviews (decisions §23), under the project's, so that leaving the project drops them. */
export const reviewKeys = {
  all: (projectId: number) => ['projects', projectId, 'reviews'] as const,
  list: (projectId: number) => ['projects', projectId, 'reviews', 'list'] as const,
  one: (projectId: number, id: number) => ['projects', projectId, 'reviews', id] as const,
};

export const fetchReviews = (projectId: number) =>
  data(api.get<Data<ReviewPresented[]>>(`projects/reviews/${projectId}`));

export const fetchReview = (id: number) => data(api.get<Data<ReviewDetailPresented>>(`reviews/${id}`));

export const createReview = (body: CreateReviewBody) => data(api.post<Data<ReviewPresented>>('reviews', body));

export const postFeedback = (id: number, body: { requirement_id?: number; kind: FeedbackKind; content: string }) =>
  data(api.post<Data<ReviewFeedbackPresented>>(`reviews/feedback/${id}`, body));

export const resolveFeedback = (feedbackId: number, resolved: boolean) =>
  api.put(`reviews/feedback/${feedbackId}`, { resolved });

export const putVerdict = (
  id: number,
  body: { requirement_id: number; verdict: 'approved' | 'rejected' | null; comment?: string },
) => api.put(`reviews/verdict/${id}`, body);

export const signReview = (id: number, body: { password?: string; meaning: SignatureMeaning }) =>
  api.post(`reviews/sign/${id}`, body);

export const revokeSignature = (id: number, body: { signature_id: number; password?: string; reason: string }) =>
  api.post(`reviews/revokesignature/${id}`, body);

export const closeReview = (id: number) => api.post(`reviews/close/${id}`, {});

export const republishReview = (id: number) => api.post(`reviews/republish/${id}`, {});

export const deleteReview = (id: number) => api.delete(`reviews/${id}`);

/** The review as a Word file (content, feedback, signature page), through the one-time link the server answers. */
export const downloadReview = (id: number) => downloadExport(`reviews/exportmsword/${id}`);
