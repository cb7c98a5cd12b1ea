import { PROJECT_ROLES, type ProjectRole } from '@reqloom/domain';
import type { Database } from '../db/client';
import type { Listening } from '../db/notifications';
import type { EventBus } from '../events/bus';
import type { AuthCache } from './auth-cache';

/**
 * The channel of migration 0013's triggers (a user's id, or '*' for everyone), of 0016's (`member:<project
 * id>:<user id>` when a membership row goes, `member:*` on TRUNCATE) and of 0019's (`role:<project id>:<user
 * id>:<role>` when a member's role changes): one listening connection hears them all.
 */
export const AUTH_CHANNEL = 'reqloom_auth';
const MEMBER_PREFIX = 'member:';
const ROLE_PREFIX = 'role:';

/** What the membership notifications are told to (see app.ts: they become facts for this instance's listeners). */
export type MembershipHandlers = {
  /** The membership of a user in a project may have ended (a row deleted or moved). */
  ended(projectId: number, userId: number): void;
  /** A member's role is now `role` (the last committed change, whoever made it). */
  roleChanged(projectId: number, userId: number, role: ProjectRole): void;
  /** Any membership may have ended: a TRUNCATE, or a listener that was down and may have missed some. */
  unknown(): void;
};

function heardMembership(payload: string, membership: MembershipHandlers | undefined): void {
  const [projectId, userId] = payload.slice(MEMBER_PREFIX.length).split(':').map(Number);
  if (Number.isSafeInteger(projectId) && Number.isSafeInteger(userId)) membership?.ended(projectId!, userId!);
  else membership?.unknown();
}

function heardRole(payload: string, membership: MembershipHandlers | undefined): void {
  const [projectId, userId, role] = payload.slice(ROLE_PREFIX.length).split(':');
  const ids = [Number(projectId), Number(userId)];
  const known = (PROJECT_ROLES as readonly string[]).includes(role ?? '');
  if (ids.every((id) => Number.isSafeInteger(id)) && known)
    membership?.roleChanged(ids[0]!, ids[1]!, role as ProjectRole);
  else membership?.unknown();
}

export type AuthChanges = { sync(): Promise<void>; close(): Promise<void> };

/**
 * Keeps the cache told of every change that could make an entry wrong: the database's notifications (whoever made
 * the change) and, at once, this server's own sessions and tokens ended in a unit of work (their notification
 * comes a moment after the commit). Without a way to listen, the cache stays off and every call reads its session.
 */
export async function watchAuthChanges(
  database: Database,
  events: EventBus,
  cache: AuthCache,
  membership?: MembershipHandlers,
): Promise<AuthChanges> {
  const stopEvents = events.subscribe(({ events: facts }) => {
    for (const fact of facts) {
      if (fact.name === 'SessionEnded') cache.forgetSession(fact.sessionId);
      else if (fact.name === 'UserSessionsEnded') cache.forgetUser(fact.userId);
      else if (fact.name === 'AccessTokenRevoked') cache.forgetToken(fact.tokenId);
    }
  });
  let listening: Listening | undefined;
  try {
    listening = await database.listen?.(AUTH_CHANNEL, {
      notify: (payload) => {
        if (payload.startsWith(MEMBER_PREFIX)) return heardMembership(payload, membership);
        if (payload.startsWith(ROLE_PREFIX)) return heardRole(payload, membership);
        const userId = Number(payload);
        if (payload !== '*' && Number.isSafeInteger(userId)) cache.forgetUser(userId);
        else cache.forgetAll();
      },
      up: () => {
        cache.up();
        // Memberships may have ended while nothing was heard: the connections look at theirs again.
        membership?.unknown();
      },
      down: () => cache.down(),
    });
  } catch {
    cache.down();
  }
  return {
    sync: async () => listening?.sync(),
    close: async () => {
      stopEvents();
      cache.down();
      await listening?.close();
    },
  };
}
