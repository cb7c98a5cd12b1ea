import { roleAtLeast, type ProjectRole } from '@reqloom/domain';
import type { User } from '../core/identity';

/**
 * The one place that decides access. Every project-scoped route, realtime subscription and
 * collaboration connection asks `can`; the facts it needs (the caller's role in the project, null for a
 * non-member) are loaded before the call, so the decision itself stays pure and testable.
 */
export type ProjectFacts = { id: number; role: ProjectRole | null };
export type GroupFacts = { id: number; isMember: boolean };
/**
 * A review as the policy sees it (decisions §23): its moderator and the caller's part in it (null when not a
 * participant). The caller's project role is in the project's facts. Whether the review is still open is not a right
 * but a state: a closed review refuses writes with 422, in the service.
 */
export type ReviewFacts = {
  moderatorId: number | null;
  participantRole: 'reviewer' | 'approver' | null;
};

export type Action =
  /** A project route: the route declares the least role it needs (decisions §20; `http/access.ts`). */
  | { do: 'project.call'; project: ProjectFacts; least: ProjectRole }
  | {
      do: 'project.transfer';
      project: ProjectFacts;
      target: { type: 'user'; id: number } | { type: 'group'; group: GroupFacts };
    }
  /** Ending a membership: a maintainer removes anyone, a member may leave. */
  | { do: 'member.remove'; project: ProjectFacts; userId: number }
  /** Revoke a signature of a review (decisions §23): its signer only, still a reviewer of the project at least. */
  | { do: 'review.signature.revoke'; project: ProjectFacts; signerId: number }
  | { do: 'project.subscribe'; project: ProjectFacts }
  /** Joining the shared document of a requirement's description (collaborative editing), to read it at least. */
  | { do: 'requirement.collaborate'; project: ProjectFacts }
  /** Having one's updates of the shared document applied: viewers and reviewers connect read-only. */
  | { do: 'requirement.collaborate.write'; project: ProjectFacts }
  /** Close or republish a review: its moderator, still an editor. */
  | { do: 'review.moderate'; project: ProjectFacts; review: ReviewFacts }
  /** Delete a review: its moderator, or a maintainer of the project. */
  | { do: 'review.delete'; project: ProjectFacts; review: ReviewFacts }
  /** Give feedback: the moderator or a participant, still a reviewer at least. */
  | { do: 'review.feedback'; project: ProjectFacts; review: ReviewFacts }
  /** Resolve (or reopen) feedback: the review's moderator or the feedback's author. */
  | { do: 'review.feedback.resolve'; project: ProjectFacts; review: ReviewFacts; authorId: number | null }
  /** Give a verdict on a requirement: an approver, still a reviewer at least. */
  | { do: 'review.verdict'; project: ProjectFacts; review: ReviewFacts }
  /** Sign the review: a participant (reviewer or approver), still a reviewer at least. */
  | { do: 'review.sign'; project: ProjectFacts; review: ReviewFacts }
  | { do: 'group.createProject'; group: GroupFacts }
  | { do: 'feature.alpha' };

const atLeast = (project: ProjectFacts, least: ProjectRole) =>
  project.role !== null && roleAtLeast(project.role, least);

export function can(user: User, action: Action): boolean {
  switch (action.do) {
    // What each role may do is decisions §20: viewer < reviewer < editor < maintainer.
    case 'project.call':
      return atLeast(action.project, action.least);
    case 'project.subscribe':
    case 'requirement.collaborate':
      return atLeast(action.project, 'viewer');
    case 'requirement.collaborate.write':
      return atLeast(action.project, 'editor');
    case 'member.remove':
      return atLeast(action.project, 'maintainer') || (action.project.role !== null && action.userId === user.id);
    case 'review.signature.revoke':
      return atLeast(action.project, 'reviewer') && action.signerId === user.id;
    case 'project.transfer':
      if (!atLeast(action.project, 'maintainer')) return false;
      return action.target.type === 'user' ? action.target.id === user.id : action.target.group.isMember;
    // Reviews (decisions §23): a part in a review acts only while its holder keeps the project role it needs; a
    // participant removed from the project, or dropped to viewer, can do nothing more in it.
    case 'review.moderate':
      return atLeast(action.project, 'editor') && action.review.moderatorId === user.id;
    case 'review.delete':
      return (
        atLeast(action.project, 'maintainer') ||
        (atLeast(action.project, 'editor') && action.review.moderatorId === user.id)
      );
    case 'review.feedback':
      return (
        atLeast(action.project, 'reviewer') &&
        (action.review.moderatorId === user.id || action.review.participantRole !== null)
      );
    case 'review.feedback.resolve':
      return (
        atLeast(action.project, 'reviewer') &&
        (action.review.moderatorId === user.id || (action.authorId !== null && action.authorId === user.id))
      );
    case 'review.verdict':
      return atLeast(action.project, 'reviewer') && action.review.participantRole === 'approver';
    case 'review.sign':
      return atLeast(action.project, 'reviewer') && action.review.participantRole !== null;
    // Group membership lets one create projects in the group, but gives no access to its projects.
    case 'group.createProject':
      return action.group.isMember;
    case 'feature.alpha':
      return user.alpha;
  }
}
