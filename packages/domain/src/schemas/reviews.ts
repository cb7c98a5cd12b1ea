import { z } from 'zod';
import { idSchema, nameSchema } from './fields';
import { baselineRequirementPresented } from './baselines';

/**
 * Reviews and electronic signatures (decisions §23): an editor starts a review of some documents, which takes a
 * baseline of them; participants leave feedback, approvers give a verdict per requirement, and each participant signs
 * with their password again. Signatures are never changed; a revocation is recorded beside one.
 */
export const REVIEW_DESCRIPTION_MAX = 5000;
export const REVIEW_PARTICIPANTS_MAX = 100;
export const REVIEW_FEEDBACK_MAX = 10_000;
export const REVIEW_COMMENT_MAX = 5000;

export const REVIEW_PARTICIPANT_ROLES = ['reviewer', 'approver'] as const;
export const reviewParticipantRoleSchema = z.enum(REVIEW_PARTICIPANT_ROLES);
export type ReviewParticipantRole = z.infer<typeof reviewParticipantRoleSchema>;

export const REVIEW_STATES = ['open', 'closed'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATES);

export const FEEDBACK_KINDS = ['comment', 'question', 'change', 'issue'] as const;
export const feedbackKindSchema = z.enum(FEEDBACK_KINDS);
export type FeedbackKind = z.infer<typeof feedbackKindSchema>;

export const VERDICTS = ['approved', 'rejected'] as const;
export const verdictSchema = z.enum(VERDICTS);

export const SIGNATURE_MEANINGS = ['approved', 'rejected', 'reviewed'] as const;
export const signatureMeaningSchema = z.enum(SIGNATURE_MEANINGS);
export type SignatureMeaning = z.infer<typeof signatureMeaningSchema>;

/** `YYYY-MM-DD`, a calendar day (the due date has no time of day). */
const dayString = z.iso.date();

export const createReviewBody = z.object({
  project_id: idSchema,
  title: nameSchema,
  description: z.string().max(REVIEW_DESCRIPTION_MAX).optional(),
  /** Each must be a document of the project (422 on `document_ids.N`). */
  document_ids: z.array(idSchema).min(1).max(500),
  due_date: dayString.nullable().optional(),
  /** Members of role reviewer or above (else 422 on `participants.N.user_id`); a user at most once. */
  participants: z
    .array(z.object({ user_id: idSchema, role: reviewParticipantRoleSchema }))
    .min(1)
    .max(REVIEW_PARTICIPANTS_MAX),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

const personPresented = z.object({ id: z.number(), name: z.string() });

export const reviewParticipantPresented = z.object({
  user: personPresented,
  role: reviewParticipantRoleSchema,
  /** How many of the review's requirements this participant gave a verdict on (approvers only; 0 for reviewers). */
  verdict_count: z.number(),
  /** Whether the participant has a standing (unrevoked) signature on the review's current baseline. */
  signed: z.boolean(),
});

export const signaturePresented = z.object({
  id: z.number(),
  user: personPresented,
  meaning: signatureMeaningSchema,
  signed_at: z.string(),
  baseline_id: z.number(),
  /** Lower-case hex SHA-256 of the baseline's content (decisions §23: how to recompute it). */
  content_hash: z.string(),
  /** Null while it stands. */
  revocation: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type SignaturePresented = z.infer<typeof signaturePresented>;

export const reviewPresented = z.object({
  id: z.number(),
  project_id: z.number(),
  title: z.string(),
  description: z.string(),
  state: reviewStateSchema,
  /** Every approver has a standing `approved` signature on the current baseline. */
  approved: z.boolean(),
  /** Null once the account is gone. */
  moderator: personPresented.nullable(),
  baseline_id: z.number(),
  /** 1 at the start, +1 each time the moderator republishes on a fresh baseline. */
  revision: z.number(),
  document_ids: z.array(z.number()),
  due_date: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  participants: z.array(reviewParticipantPresented),
  signatures: z.array(signaturePresented),
  counts: z.object({ items: z.number(), approved: z.number(), rejected: z.number(), feedback_open: z.number() }),
});
export type ReviewPresented = z.infer<typeof reviewPresented>;

export const reviewVerdictPresented = z.object({
  user_id: z.number(),
  verdict: verdictSchema,
  comment: z.string(),
  at: z.string(),
});

export const reviewItemPresented = baselineRequirementPresented.extend({
  verdicts: z.array(reviewVerdictPresented),
});

export const reviewFeedbackPresented = z.object({
  id: z.number(),
  review_id: z.number(),
  /** Null for feedback on the review as a whole. */
  requirement_id: z.number().nullable(),
  kind: feedbackKindSchema,
  content: z.string(),
  author: personPresented.nullable(),
  created_at: z.string(),
  resolved: z.boolean(),
  /** The review revision (baseline) the feedback was given on. */
  baseline_id: z.number(),
});
export type ReviewFeedbackPresented = z.infer<typeof reviewFeedbackPresented>;

/** GET reviews/{id}: the review, its items (the baseline's requirements, in reading order per document) and feedback. */
export const reviewDetailPresented = reviewPresented.extend({
  items: z.array(reviewItemPresented),
  feedback: z.array(reviewFeedbackPresented),
  /** The earlier baselines of a republished review, oldest first, to compare with the current one. */
  earlier_baseline_ids: z.array(z.number()),
});
export type ReviewDetailPresented = z.infer<typeof reviewDetailPresented>;

export const createFeedbackBody = z.object({
  /** A requirement of the review's baseline (else 422); absent for feedback on the review. */
  requirement_id: idSchema.optional(),
  kind: feedbackKindSchema,
  content: z.string().trim().min(1).max(REVIEW_FEEDBACK_MAX),
});
export const updateFeedbackBody = z.object({ resolved: z.boolean() });

export const putVerdictBody = z.object({
  requirement_id: idSchema,
  /** Null withdraws the verdict. */
  verdict: verdictSchema.nullable(),
  comment: z.string().max(REVIEW_COMMENT_MAX).optional(),
});

/**
 * `password` re-authenticates a local account; an account linked to single sign-on leaves it out and carries instead
 * the proof of a fresh login at the provider (an httpOnly cookie set by GET auth/oidc/callback, decisions §26).
 */
export const signReviewBody = z.object({
  password: z.string().min(1).max(1000).optional(),
  meaning: signatureMeaningSchema,
});
export const revokeSignatureBody = z.object({
  signature_id: idSchema,
  password: z.string().min(1).max(1000).optional(),
  reason: z.string().trim().min(1).max(REVIEW_COMMENT_MAX),
});

/** POST reviews/republish/{id} (moderator): a fresh baseline of the same documents; earlier verdicts stay with the old. */
export const republishReviewBody = z.object({}).strict();

/**
 * GET documents/approval/{id} (any member): the document's last approved baseline (decisions §23), for the document
 * view's banner. `approval` is null when no approved review holds the document. `changed_since` says whether the
 * document now reads differently from that baseline, by the fields the content hash covers (docs/decisions.md §23);
 * false without an approval.
 */
export const documentApprovalPresented = z.object({
  document_id: z.number(),
  approval: z
    .object({
      review: z.object({ id: z.number(), title: z.string() }),
      baseline: z.object({ id: z.number(), name: z.string(), created_at: z.string() }),
      /** When the last approver's standing `approved` signature made the review approved. */
      approved_at: z.string(),
      /** The hash the approvers signed. */
      content_hash: z.string(),
    })
    .nullable(),
  changed_since: z.boolean(),
});
export type DocumentApprovalPresented = z.infer<typeof documentApprovalPresented>;
