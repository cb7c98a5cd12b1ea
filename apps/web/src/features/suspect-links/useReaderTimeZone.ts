import { useCurrentUser } from '../user/useCurrentUser';

/** The reader's chosen time zone, or null for the browser's (as the History view shows its dates). */
export function useReaderTimeZone(): string | null {
  const zone = useCurrentUser().data?.preferences.timezone;
  return zone && !zone.autoTimezone ? zone.timezone : null;
}
