import type { TFunction } from 'i18next';
import type { AuditActor } from '@reqloom/domain';

/**
 * Who made a change, as the entry names them: a user by name, an access token as its owner and the token's name
 * ("Ada (token: CI robot)"), the command line as such (its server-side name, with the account it ran as, goes in a
 * title).
 */
export function actorLabel(actor: AuditActor, t: TFunction): string {
  if (actor.type === 'cli') return t('history.actor.cli');
  if (actor.type === 'token')
    return actor.token_name
      ? t('history.actor.token', { name: actor.name, token: actor.token_name })
      : t('history.actor.tokenUnnamed', { name: actor.name });
  return actor.name;
}
