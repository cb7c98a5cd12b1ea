import type { User } from '../core/identity';

/**
 * The one place that decides access. Every project-scoped route, realtime subscription and
 * collaboration connection asks `can`; the facts it needs (memberships) are loaded before the call,
 * so the decision itself stays pure and testable.
 */
export type ProjectFacts = { id: number; isMember: boolean };
export type GroupFacts = { id: number; isMember: boolean };

export type Action =
  | { do: 'project.read'; project: ProjectFacts }
  | { do: 'project.write'; project: ProjectFacts }
  | { do: 'project.delete'; project: ProjectFacts }
  | {
      do: 'project.transfer';
      project: ProjectFacts;
      target: { type: 'user'; id: number } | { type: 'group'; group: GroupFacts };
    }
  | { do: 'project.subscribe'; project: ProjectFacts }
  /** Joining the shared document of a requirement's description (collaborative editing). */
  | { do: 'requirement.collaborate'; project: ProjectFacts }
  | { do: 'group.createProject'; group: GroupFacts }
  | { do: 'feature.alpha' };

export function can(user: User, action: Action): boolean {
  switch (action.do) {
    // The specification shows no finer roles: every member may do everything in a project.
    case 'project.read':
    case 'project.write':
    case 'project.delete':
    case 'project.subscribe':
    case 'requirement.collaborate':
      return action.project.isMember;
    case 'project.transfer':
      if (!action.project.isMember) return false;
      return action.target.type === 'user' ? action.target.id === user.id : action.target.group.isMember;
    // Group membership lets one create projects in the group, but gives no access to its projects.
    case 'group.createProject':
      return action.group.isMember;
    case 'feature.alpha':
      return user.alpha;
  }
}
