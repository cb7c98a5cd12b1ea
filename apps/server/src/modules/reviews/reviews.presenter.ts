import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ReviewDetailPresented,
  ReviewFeedbackPresented,
  ReviewPresented,
  SignaturePresented,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import {
  baselines,
  reviewBaselines,
  reviewDocuments,
  reviewFeedback,
  reviewParticipants,
  reviewSignatures,
  reviews,
  reviewVerdicts,
  users,
} from '../../db/schema';
import { loadBaselineDocument } from '../baselines/baselines.document';
import { baselineDocumentIds } from './reviews.baseline';

export type ReviewRow = typeof reviews.$inferSelect;

const byId = <T extends { reviewId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.reviewId);
    if (list) list.push(row);
    else map.set(row.reviewId, [row]);
  }
  return map;
};

/** A signature row presented (decisions §23): the signer as they were named when they signed. */
export function presentSignature(row: typeof reviewSignatures.$inferSelect): SignaturePresented {
  return {
    id: row.id,
    user: { id: row.userId, name: row.userName },
    meaning: row.meaning,
    signed_at: row.signedAt.toISOString(),
    baseline_id: row.baselineId,
    content_hash: row.contentHash,
    revocation: row.revokedAt !== null ? { at: row.revokedAt.toISOString(), reason: row.revokedReason ?? '' } : null,
  };
}

/**
 * Reviews presented (decisions §23), in the order given. Progress is counted on each review's current baseline:
 * verdicts and signatures given on an earlier revision stay with it and count no more. A review is `approved` when
 * it has approvers and each has a standing `approved` signature on the current baseline.
 */
export async function presentReviews(db: Db, rows: ReviewRow[]): Promise<ReviewPresented[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const moderatorIds = [...new Set(rows.map((r) => r.moderatorId).filter((id): id is number => id !== null))];
  const [participants, documentRows, signatureRows, verdictRows, feedbackRows, counts, moderators] = await Promise.all([
    db
      .select({
        reviewId: reviewParticipants.reviewId,
        userId: reviewParticipants.userId,
        role: reviewParticipants.role,
        name: users.name,
      })
      .from(reviewParticipants)
      .innerJoin(users, eq(users.id, reviewParticipants.userId))
      .where(inArray(reviewParticipants.reviewId, ids))
      .orderBy(asc(users.name), asc(users.id)),
    db
      .select()
      .from(reviewDocuments)
      .where(inArray(reviewDocuments.reviewId, ids))
      .orderBy(asc(reviewDocuments.position)),
    db
      .select()
      .from(reviewSignatures)
      .where(inArray(reviewSignatures.reviewId, ids))
      .orderBy(asc(reviewSignatures.signedAt), asc(reviewSignatures.id)),
    // Per review, requirement and approver on the current baseline: the verdict.
    db
      .select({
        reviewId: reviewVerdicts.reviewId,
        requirementId: reviewVerdicts.requirementId,
        userId: reviewVerdicts.userId,
        verdict: reviewVerdicts.verdict,
      })
      .from(reviewVerdicts)
      .innerJoin(
        reviews,
        and(eq(reviews.id, reviewVerdicts.reviewId), eq(reviews.baselineId, reviewVerdicts.baselineId)),
      )
      .where(inArray(reviewVerdicts.reviewId, ids)),
    db
      .select({ reviewId: reviewFeedback.reviewId, open: sql<number>`count(*)::int` })
      .from(reviewFeedback)
      .where(and(inArray(reviewFeedback.reviewId, ids), eq(reviewFeedback.resolved, false)))
      .groupBy(reviewFeedback.reviewId),
    db
      .select({ id: baselines.id, requirements: baselines.requirementsCount })
      .from(baselines)
      .where(
        inArray(
          baselines.id,
          rows.map((r) => r.baselineId),
        ),
      ),
    moderatorIds.length > 0
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, moderatorIds))
      : [],
  ]);
  const participantsOf = byId(participants);
  const documentsOf = byId(documentRows);
  const signaturesOf = byId(signatureRows);
  const verdictsOf = byId(verdictRows);
  const openOf = new Map(feedbackRows.map((f) => [f.reviewId, Number(f.open)]));
  const itemsOf = new Map(counts.map((c) => [c.id, c.requirements]));
  const moderatorName = new Map(moderators.map((m) => [m.id, m.name]));
  return rows.map((r) => {
    const people = participantsOf.get(r.id) ?? [];
    const approvers = people.filter((p) => p.role === 'approver');
    const verdicts = verdictsOf.get(r.id) ?? [];
    const signatures = signaturesOf.get(r.id) ?? [];
    const standing = signatures.filter((s) => s.baselineId === r.baselineId && s.revokedAt === null);
    const perRequirement = new Map<number, { approved: number; rejected: number }>();
    const verdictsBy = new Map<number, number>();
    for (const v of verdicts) {
      verdictsBy.set(v.userId, (verdictsBy.get(v.userId) ?? 0) + 1);
      const tally = perRequirement.get(v.requirementId) ?? { approved: 0, rejected: 0 };
      tally[v.verdict] += 1;
      perRequirement.set(v.requirementId, tally);
    }
    const approverIds = new Set(approvers.map((a) => a.userId));
    const approvedBy = (userId: number) => standing.some((s) => s.userId === userId && s.meaning === 'approved');
    const tallies = [...perRequirement.values()];
    return {
      id: r.id,
      project_id: r.projectId,
      title: r.title,
      description: r.description,
      state: r.state,
      approved: approvers.length > 0 && approvers.every((a) => approvedBy(a.userId)),
      moderator:
        r.moderatorId !== null && moderatorName.has(r.moderatorId)
          ? { id: r.moderatorId, name: moderatorName.get(r.moderatorId)! }
          : null,
      baseline_id: r.baselineId,
      revision: r.revision,
      document_ids: (documentsOf.get(r.id) ?? []).map((d) => d.documentId),
      due_date: r.dueDate,
      created_at: r.createdAt.toISOString(),
      closed_at: r.closedAt?.toISOString() ?? null,
      participants: people.map((p) => ({
        user: { id: p.userId, name: p.name },
        role: p.role,
        verdict_count: p.role === 'approver' ? (verdictsBy.get(p.userId) ?? 0) : 0,
        signed: standing.some((s) => s.userId === p.userId),
      })),
      signatures: signatures.map(presentSignature),
      counts: {
        items: itemsOf.get(r.baselineId) ?? 0,
        // Approved: every approver approved it; rejected: at least one approver rejected it.
        approved:
          approverIds.size === 0
            ? 0
            : tallies.filter((t) => t.approved === approverIds.size && t.rejected === 0).length,
        rejected: tallies.filter((t) => t.rejected > 0).length,
        feedback_open: openOf.get(r.id) ?? 0,
      },
    };
  });
}

export async function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function presentReview(db: Db, row: ReviewRow): Promise<ReviewPresented> {
  return (await presentReviews(db, [row]))[0]!;
}

/** GET projects/reviews/{id}: newest first. */
export async function presentProjectReviews(db: Db, projectId: number): Promise<ReviewPresented[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.projectId, projectId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return presentReviews(db, rows);
}

export async function presentFeedback(db: Db, reviewId: number): Promise<ReviewFeedbackPresented[]> {
  const rows = await db
    .select({ feedback: reviewFeedback, authorName: users.name })
    .from(reviewFeedback)
    .leftJoin(users, eq(users.id, reviewFeedback.authorId))
    .where(eq(reviewFeedback.reviewId, reviewId))
    .orderBy(asc(reviewFeedback.id));
  return rows.map(({ feedback: f, authorName }) => ({
    id: f.id,
    review_id: f.reviewId,
    requirement_id: f.requirementId,
    kind: f.kind,
    content: f.content,
    author: f.authorId !== null && authorName !== null ? { id: f.authorId, name: authorName } : null,
    created_at: f.createdAt.toISOString(),
    resolved: f.resolved,
    baseline_id: f.baselineId,
  }));
}

/**
 * GET reviews/{id}: the review, the current baseline's requirements (per document in the review's order, each in
 * reading order, as the baseline kept them) with their verdicts on that baseline, every feedback and the earlier
 * baselines. Reads the baseline, never the live documents: a requirement changed since shows as it was reviewed.
 */
export async function presentReviewDetail(db: Db, row: ReviewRow): Promise<ReviewDetailPresented> {
  const [review, feedback, earlier, verdicts, kept] = await Promise.all([
    presentReview(db, row),
    presentFeedback(db, row.id),
    db
      .select({ baselineId: reviewBaselines.baselineId })
      .from(reviewBaselines)
      .where(and(eq(reviewBaselines.reviewId, row.id), sql`${reviewBaselines.revision} < ${row.revision}`))
      .orderBy(asc(reviewBaselines.revision)),
    db
      .select()
      .from(reviewVerdicts)
      .where(and(eq(reviewVerdicts.reviewId, row.id), eq(reviewVerdicts.baselineId, row.baselineId)))
      .orderBy(asc(reviewVerdicts.at), asc(reviewVerdicts.id)),
    baselineDocumentIds(db, row.baselineId),
  ]);
  // The review's order of its documents; a document the baseline did not keep (deleted before a republication) has
  // no items.
  const order = review.document_ids.filter((id) => kept.includes(id));
  const documents = await Promise.all(order.map((documentId) => loadBaselineDocument(db, row.baselineId, documentId)));
  const verdictsOf = new Map<number, ReviewDetailPresented['items'][number]['verdicts']>();
  for (const v of verdicts) {
    const presented = { user_id: v.userId, verdict: v.verdict, comment: v.comment, at: v.at.toISOString() };
    const list = verdictsOf.get(v.requirementId);
    if (list) list.push(presented);
    else verdictsOf.set(v.requirementId, [presented]);
  }
  const items = documents.flatMap((d) =>
    (d?.requirements ?? []).map((requirement) => ({ ...requirement, verdicts: verdictsOf.get(requirement.id) ?? [] })),
  );
  return { ...review, items, feedback, earlier_baseline_ids: earlier.map((e) => e.baselineId) };
}
