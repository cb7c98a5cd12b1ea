import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../user/useCurrentUser';

/** A day in words ("3 March 2026"), in the interface language and the user's time zone (the browser's when automatic). */
export function useFormatDay(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useCurrentUser().data?.preferences.timezone;
  const timeZone = (zone && !zone.autoTimezone ? zone.timezone : null) ?? undefined;
  const lang = i18n.language;
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      try {
        return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(date);
      } catch {
        // An unknown stored zone must not break the page: the browser's zone then.
        return new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date);
      }
    },
    [lang, timeZone],
  );
}
