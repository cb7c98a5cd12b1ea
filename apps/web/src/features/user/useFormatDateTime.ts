import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/formatDateTime';
import { useCurrentUser } from './useCurrentUser';

/** Formats dates in the interface language and in the user's time zone (the browser's when automatic). */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useCurrentUser().data?.preferences.timezone;
  const timeZone = zone && !zone.autoTimezone ? zone.timezone : null;
  const lang = i18n.language;
  return useCallback((iso: string) => formatDateTime(iso, lang, timeZone), [lang, timeZone]);
}
