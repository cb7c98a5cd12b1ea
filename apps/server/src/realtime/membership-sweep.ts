import type { Server } from 'socket.io';
import type { Auth } from '../core/identity';
import { membershipKey, type Membership } from '../policies/project-access';

/** How often the memberships behind the subscriptions are looked at: a safety net, not the way access ends. */
export const MEMBERSHIP_SWEEP_MS = 30_000;

const PROJECT_ROOM = /^project\.(\d+)(?:\.batches)?$/;

/**
 * The (project, user) pairs this instance's subscribed sockets rely on, each once. Access normally ends by the
 * fact that ends it (a route's `MembershipEnded`, or the database's notification of any other change, see
 * modules/projects/membership-changes.ts); the sweep reads these again now and then in case a notification was
 * missed.
 */
export function subscribedMemberships(io: Server): Membership[] {
  const pairs = new Map<string, Membership>();
  for (const [room, socketIds] of io.sockets.adapter.rooms) {
    const match = PROJECT_ROOM.exec(room);
    if (!match) continue;
    const projectId = Number(match[1]);
    for (const id of socketIds) {
      const auth = (io.sockets.sockets.get(id)?.data as { auth?: Auth } | undefined)?.auth;
      if (!auth) continue;
      const pair = { projectId, userId: auth.user.id };
      pairs.set(membershipKey(pair), pair);
    }
  }
  return [...pairs.values()];
}
