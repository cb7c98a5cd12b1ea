import type { AppContext } from '../../core/context';
import { membershipKey, memberships, type Membership } from '../../policies/project-access';
import type { MembershipHandlers } from '../../core/auth-changes';

/**
 * The database's word that memberships may have ended (migration 0016's notifications), whoever ended them: a
 * route, the command line, a restore, an operator's SQL; and that a role changed outside the routes (0019's; a
 * route's change is announced by its own work and marks itself so that the trigger stays quiet). Every instance hears it on its own, so it becomes facts for
 * this instance's listeners only (`EventBus.hear`), where realtime and the collaboration's access watch cut off
 * their own connections, as they do on a route's `MembershipEnded`.
 *
 * A notification says a row went, not that access ended: a membership deleted and put back in one transaction is
 * still there. The pairs heard within one turn of the event loop (a project's deletion removes all its rows) are
 * read again in one statement, and only those found gone end; a read that fails ends nothing by itself but has
 * every connection look again.
 */
export function membershipChanges(ctx: AppContext): MembershipHandlers {
  let heard = new Map<string, Membership>();
  const unknown = () => ctx.events.hear([{ name: 'MembershipsChanged' }]);
  async function check(pairs: Membership[]) {
    const present = await memberships(ctx.db, pairs);
    ctx.events.hear(
      pairs
        .filter((pair) => !present.has(membershipKey(pair)))
        .map((pair) => ({ name: 'MembershipEnded' as const, ...pair })),
    );
  }
  return {
    ended(projectId, userId) {
      const pair = { projectId, userId };
      if (heard.size === 0)
        setImmediate(() => {
          const pairs = [...heard.values()];
          heard = new Map();
          check(pairs).catch(unknown);
        });
      heard.set(membershipKey(pair), pair);
    },
    roleChanged(projectId, userId, role) {
      // The open collaboration connections follow the role (access-watch), and this instance's browsers in the
      // project read the members and their own role again, as after a route's change (decisions §20).
      ctx.events.hear(
        [{ name: 'MembershipRoleChanged', projectId, userId, role }],
        [{ projectId, name: 'ProjectMembersUpdated', data: { project_id: projectId } }],
      );
    },
    unknown,
  };
}
