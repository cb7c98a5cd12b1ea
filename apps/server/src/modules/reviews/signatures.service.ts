import { and, eq, isNull } from 'drizzle-orm';
import type { SignatureMeaning, SignaturePresented } from '@reqloom/domain';
import { invalid, invalidMessage, notFound } from '../../core/errors';
import type { User } from '../../core/identity';
import type { Work } from '../../core/work';
import type { Db } from '../../db/client';
import { reviewParticipants, reviewSignatures, users } from '../../db/schema';
import type { ReviewFacts } from '../../policies/policy';
import { verifyPassword } from '../../security/password';
import { baselineContentHash } from '../baselines/baselines.content-hash';
import { presentSignature, type ReviewRow } from './reviews.presenter';
import { assertOpen, lockReview, recordReview } from './reviews.service';

export type SignatureRow = typeof reviewSignatures.$inferSelect;

/** What the policy needs of a review for one caller: its moderator and the caller's part in it. */
export async function reviewFactsFor(db: Db, review: ReviewRow, userId: number): Promise<ReviewFacts> {
  const [part] = await db
    .select({ role: reviewParticipants.role })
    .from(reviewParticipants)
    .where(and(eq(reviewParticipants.reviewId, review.id), eq(reviewParticipants.userId, userId)))
    .limit(1);
  return { moderatorId: review.moderatorId, participantRole: part?.role ?? null };
}

/**
 * Signing and revoking re-authenticate (decisions §23): the password is checked again against the stored hash, read
 * afresh (a session opened before a password change still holds the old user). Wrong → 422 on `password`. The
 * caller's route has counted the attempt on the login's limiter first.
 */
export async function assertPasswordAgain(db: Db, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(password, row.passwordHash))) throw invalid({ password: ['auth.password_again'] });
}

/**
 * POST reviews/sign/{id}: one INSERT, never an UPDATE. The signature binds the signer (id and name as they are
 * now), its meaning, the time, the review's current baseline and that baseline's content hash. The review is held
 * `for share` (a close waits, and a closed review is refused), the signer's participation `for update` (a double
 * submission cannot leave two standing signatures); two participants signing at once take different rows and are
 * both kept. A participant holds at most one standing signature per baseline: revoke it to sign anew.
 */
export async function signReview(
  work: Work,
  reviewId: number,
  signer: User,
  meaning: SignatureMeaning,
): Promise<SignaturePresented> {
  const review = await lockReview(work, reviewId, 'share');
  if (!review) throw notFound();
  assertOpen(review);
  const [part] = await work.tx
    .select({ role: reviewParticipants.role })
    .from(reviewParticipants)
    .where(and(eq(reviewParticipants.reviewId, review.id), eq(reviewParticipants.userId, signer.id)))
    .for('update');
  if (!part) throw notFound();
  const [standing] = await work.tx
    .select({ id: reviewSignatures.id })
    .from(reviewSignatures)
    .where(
      and(
        eq(reviewSignatures.reviewId, review.id),
        eq(reviewSignatures.baselineId, review.baselineId),
        eq(reviewSignatures.userId, signer.id),
        isNull(reviewSignatures.revokedAt),
      ),
    )
    .limit(1);
  if (standing) throw invalidMessage('signature.already');
  const contentHash = await baselineContentHash(work.tx, review.baselineId);
  const [row] = (await work.tx
    .insert(reviewSignatures)
    .values({
      reviewId: review.id,
      baselineId: review.baselineId,
      userId: signer.id,
      userName: signer.name,
      meaning,
      signedAt: new Date(),
      contentHash,
    })
    .returning()) as [SignatureRow];
  recordReview(work, review, 'review_signed', {
    signature_id: { new: row.id },
    meaning: { new: meaning },
    role: { new: part.role },
    baseline_id: { new: row.baselineId },
    content_hash: { new: contentHash },
  });
  return presentSignature(row);
}

/**
 * POST reviews/revokesignature/{id} (the signer, password again): the revocation is written beside the signature,
 * once (revoked_at, reason); nothing else of it changes, and the database refuses any other change (migration 0022).
 * A signature of another review → 422 on `signature_id`; one already revoked → 422 too.
 */
export async function revokeSignature(
  work: Work,
  reviewId: number,
  signer: User,
  body: { signature_id: number; reason: string },
): Promise<SignaturePresented> {
  const review = await lockReview(work, reviewId, 'share');
  if (!review) throw notFound();
  assertOpen(review);
  const [signature] = await work.tx
    .select()
    .from(reviewSignatures)
    .where(and(eq(reviewSignatures.id, body.signature_id), eq(reviewSignatures.reviewId, review.id)))
    .for('update');
  if (!signature) throw invalid({ signature_id: ['signature.unknown'] });
  if (signature.revokedAt !== null) throw invalid({ signature_id: ['signature.revoked'] });
  const [row] = (await work.tx
    .update(reviewSignatures)
    .set({ revokedAt: new Date(), revokedReason: body.reason })
    .where(and(eq(reviewSignatures.id, signature.id), isNull(reviewSignatures.revokedAt)))
    .returning()) as [SignatureRow];
  recordReview(work, review, 'signature_revoked', {
    signature_id: { new: row.id },
    meaning: { old: row.meaning },
    reason: { new: body.reason },
  });
  return presentSignature(row);
}

/** The signature, when it is one of the review's: for the route's check that only its signer revokes it. */
export async function findSignature(db: Db, reviewId: number, signatureId: number): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewSignatures)
    .where(and(eq(reviewSignatures.id, signatureId), eq(reviewSignatures.reviewId, reviewId)))
    .limit(1);
  return row;
}
