/**
 * The acronym proposed from a name (spec 1 §2): the initials, upper-cased; with ignoreSmallWords,
 * words of 3 characters or fewer are skipped. Only letters and digits survive, cut to maxSize.
 */
export function acronymFrom(name: string, options: { ignoreSmallWords: boolean; maxSize: number }): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .split(/[\s\-_]+/u)
    .filter(Boolean);
  const kept = options.ignoreSmallWords ? words.filter((w) => w.length > 3) : words;
  return kept
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, options.maxSize);
}
