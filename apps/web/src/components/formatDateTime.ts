/** A date and time in the reader's language, in the given time zone or the browser's one. */
export function formatDateTime(iso: string, lang: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone ?? undefined,
    }).format(date);
  } catch {
    // An unknown stored zone must not break the page: fall back to the browser's zone.
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}
