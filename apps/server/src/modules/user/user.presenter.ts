import {
  DEFAULT_PREFERENCES,
  initials,
  preferencesSchema,
  type Preferences,
  type UserPresented,
} from '@reqloom/domain';
import type { User } from '../auth/session.service';

/** Stored preferences may predate a new key: complete them with the defaults so the client always gets the whole shape. */
export function completePreferences(stored: Partial<Preferences> | null | undefined): Preferences {
  const merged = {
    ...DEFAULT_PREFERENCES,
    ...stored,
    timezone: { ...DEFAULT_PREFERENCES.timezone, ...stored?.timezone },
    tours: { ...stored?.tours },
  };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
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
