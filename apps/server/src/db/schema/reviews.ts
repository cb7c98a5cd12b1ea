import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FEEDBACK_KINDS, REVIEW_PARTICIPANT_ROLES, REVIEW_STATES, SIGNATURE_MEANINGS, VERDICTS } from '@reqloom/domain';
import { projects } from './projects';
import { users } from './users';

/**
 * Reviews and electronic signatures (decisions §23). A review shows a baseline of its documents, never the live
 * documents; republishing moves it to a fresh baseline (revision + 1) and keeps the earlier ones in
 * `review_baselines`, with the verdicts and feedback given on them.
 *
 * Baseline ids carry no foreign key but a trigger (migration 0022): a baseline held by a review (any revision) is not
 * deleted while the review exists, and the baselines service says so with a 422 first. A foreign key could not say
 * it: the project's deletion cascades to baselines and reviews in an order of its own, and a NO ACTION check between
 * them fails it. Requirement and document ids carry no foreign key either: the baseline outlives them, and so does
 * the review. Everything cascades from the project.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('open'),
    // Null once the account is gone; maintainers can still delete an open review.
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    baselineId: integer('baseline_id').notNull(),
    revision: integer('revision').notNull().default(1),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('reviews_project_idx').on(t.projectId, t.id), index('reviews_baseline_idx').on(t.baselineId)],
);

/** The documents under review, in the order they were chosen; republishing takes a baseline of the same ones. */
export const reviewDocuments = pgTable(
  'review_documents',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.documentId] })],
);

/**
 * Who takes part, and as what. A participant removed from the project keeps the row (the review's record) but loses
 * every right on it, as membership is checked on each call; a deleted account takes its participation with it.
 */
export const reviewParticipants = pgTable(
  'review_participants',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: REVIEW_PARTICIPANT_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_participants_user_idx').on(t.userId)],
);

/** Every baseline the review was published on: revision 1 at the start, one more per republication. */
export const reviewBaselines = pgTable(
  'review_baselines',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    baselineId: integer('baseline_id').notNull(),
    revision: integer('revision').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.revision] }),
    uniqueIndex('review_baselines_baseline_unique').on(t.baselineId),
  ],
);

/** An approver's verdict on one requirement of one revision: one per review, baseline, requirement and approver. */
export const reviewVerdicts = pgTable(
  'review_verdicts',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    baselineId: integer('baseline_id').notNull(),
    requirementId: integer('requirement_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: VERDICTS }).notNull(),
    comment: text('comment').notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_verdicts_unique').on(t.reviewId, t.baselineId, t.requirementId, t.userId)],
);

/** Feedback on a requirement of the revision it was given on, or on the review as a whole (no requirement). */
export const reviewFeedback = pgTable(
  'review_feedback',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    baselineId: integer('baseline_id').notNull(),
    requirementId: integer('requirement_id'),
    kind: text('kind', { enum: FEEDBACK_KINDS }).notNull(),
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('review_feedback_review_idx').on(t.reviewId, t.id)],
);

/**
 * Electronic signatures (decisions §23). A row is never changed: a trigger (migration 0022) refuses every UPDATE but
 * the one that records a revocation (revoked_at and revoked_reason, once), and every DELETE but the cascade of the
 * project's deletion. The signer is copied as they were (id and printed name), with no foreign key, like the audit
 * trail: the signature outlives the account. The review's row cannot be deleted while it has signatures (a trigger on
 * reviews), nor its baseline (the trigger on baselines).
 */
export const reviewSignatures = pgTable(
  'review_signatures',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    baselineId: integer('baseline_id').notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    meaning: text('meaning', { enum: SIGNATURE_MEANINGS }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Lower-case hex SHA-256 of the baseline's content. */
    contentHash: text('content_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('review_signatures_review_idx').on(t.reviewId, t.baselineId)],
);
