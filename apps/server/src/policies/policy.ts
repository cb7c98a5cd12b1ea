import { roleAtLeast, type ProjectRole } from '@reqloom/domain';
import type { User } from '../core/identity';

/**
 * The one place that decides access. Every project-scoped route, realtime subscription and
 * collaboration connection asks `can`; the facts it needs (the caller's role in the project, null for a
 * non-member) are loaded before the call, so the decision itself stays pure and testable.
 */
export type ProjectFacts = { id: number; role: ProjectRole | null };
export type GroupFacts = { id: number; isMember: boolean };

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
    // Group membership lets one create projects in the group, but gives no access to its projects.
    case 'group.createProject':
      return action.group.isMember;
    case 'feature.alpha':
      return user.alpha;
  }
}
