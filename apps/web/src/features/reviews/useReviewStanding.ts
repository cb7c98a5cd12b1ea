import type { ReviewDetailPresented } from '@reqloom/domain';
import { useCan } from '../projects/useCan';
import { useCurrentUser } from '../user/useCurrentUser';

/**
 * What the caller may do on a review (decisions §23), from the review and the caller's `my_role`, never guessed:
 * the moderator closes, republishes and resolves; participants leave feedback and sign; approvers give verdicts;
 * the moderator or a maintainer deletes an open review without signatures. Below reviewer (a participant demoted
 * to viewer) nothing but reading. The server decides again on every call.
 */
export function useReviewStanding(review: ReviewDetailPresented) {
  const me = useCurrentUser().data?.id;
  const reviewer = useCan('reviewer');
  const maintainer = useCan('maintainer');
  const open = review.state === 'open';
  const participant = review.participants.find((p) => p.user.id === me);
  const moderator = me !== undefined && review.moderator?.id === me;
  const active = open && reviewer;
  const mySignatures = review.signatures.filter((s) => s.user.id === me && s.revocation === null);
  return {
    me,
    open,
    moderator,
    participant,
    canFeedback: active && (moderator || participant !== undefined),
    canVerdict: active && participant?.role === 'approver',
    canSign: active && participant !== undefined && !participant.signed,
    /** The caller's standing signatures: each may be revoked by its signer. */
    mySignatures: reviewer ? mySignatures : [],
    canResolve: (authorId: number | undefined) => active && (moderator || (authorId !== undefined && authorId === me)),
    canModerate: active && moderator,
    canDelete: open && (moderator || maintainer) && review.signatures.length === 0,
  };
}
export type ReviewStanding = ReturnType<typeof useReviewStanding>;
