const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

// Building a formatter costs far more than using one: a thousand rows share one per language.
function formatFor(lang: string): Intl.RelativeTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    formats.set(lang, format);
  }
  return format;
}

/**
 * "3 minutes ago" / "il y a 3 minutes", in the reader's language; "now" under 5 seconds. Never in the future:
 * what is shown has happened, and a moment ahead of `now` is the clocks' disagreement, so it reads "now".
 */
export function relativeTime(iso: string, now: number, lang: string): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.min(0, Math.round((then - now) / 1000));
  const format = formatFor(lang);
  if (Math.abs(seconds) < 5) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
