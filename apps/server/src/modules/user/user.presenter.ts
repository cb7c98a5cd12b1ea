import {
  DEFAULT_PREFERENCES,
  initials,
  isTourName,
  preferencesSchema,
  type Preferences,
  type UserPresented,
} from '@reqloom/domain';
import type { User } from '../../core/identity';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stored preferences may predate a key, or hold what older versions let through (unknown keys, unknown tours,
 * invalid values): each known key is kept when valid and defaulted otherwise, so the client always gets the
 * whole shape and one bad value does not reset the others.
 */
export function completePreferences(stored: unknown): Preferences {
  const raw = isObject(stored) ? stored : {};
  const pick = <K extends keyof Preferences>(key: K, value: unknown): Preferences[K] => {
    const parsed = preferencesSchema.shape[key].safeParse(value);
    return parsed.success ? (parsed.data as Preferences[K]) : DEFAULT_PREFERENCES[key];
  };
  const nested = <T extends object>(defaults: T, value: unknown): unknown => ({
    ...defaults,
    ...(isObject(value) ? value : {}),
  });
  const tours = isObject(raw.tours)
    ? Object.fromEntries(
        Object.entries(raw.tours).filter(([name, done]) => isTourName(name) && typeof done === 'boolean'),
      )
    : {};
  return {
    lang: pick('lang', raw.lang),
    timezone: pick('timezone', nested(DEFAULT_PREFERENCES.timezone, raw.timezone)),
    categoryNumbering: pick('categoryNumbering', raw.categoryNumbering),
    autoNaming: pick('autoNaming', raw.autoNaming),
    tours: pick('tours', tours),
    loadedOnce: pick('loadedOnce', raw.loadedOnce),
    synaeptic: pick('synaeptic', nested(DEFAULT_PREFERENCES.synaeptic, raw.synaeptic)),
    documentOrder: pick('documentOrder', raw.documentOrder),
  };
}

export function presentUser(user: User): UserPresented {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    initials: initials(user.name),
    preferences: completePreferences(user.preferences),
    alpha: user.alpha,
  };
}
