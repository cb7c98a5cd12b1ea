import type { Database } from '../../db/client';
import type { Listening } from '../../db/notifications';
import type { EventBus } from '../../events/bus';
import type { AuthCache } from './auth-cache';

/** The channel of migration 0013's triggers: a user's id, or '*' for everyone. */
export const AUTH_CHANNEL = 'reqloom_auth';

export type AuthChanges = { sync(): Promise<void>; close(): Promise<void> };

/**
 * Keeps the cache told of every change that could make an entry wrong: the database's notifications (whoever made
 * the change) and, at once, this server's own sessions and tokens ended in a unit of work (their notification
 * comes a moment after the commit). Without a way to listen, the cache stays off and every call reads its session.
 */
export async function watchAuthChanges(database: Database, events: EventBus, cache: AuthCache): Promise<AuthChanges> {
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
        const userId = Number(payload);
        if (payload !== '*' && Number.isSafeInteger(userId)) cache.forgetUser(userId);
        else cache.forgetAll();
      },
      up: () => cache.up(),
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
