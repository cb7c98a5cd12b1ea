// Building an Intl.DateTimeFormat costs far more than using one (it showed as the heaviest function while a
// requirements table scrolled): one formatter per language and zone, kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(lang: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    } catch {
      // An unknown stored zone must not break the page: fall back to the browser's zone.
      format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    }
    formats.set(key, format);
  }
  return format;
}

/** A date and time in the reader's language, in the given time zone or the browser's one. */
export function formatDateTime(iso: string, lang: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatFor(lang, timeZone ?? undefined).format(date);
}
