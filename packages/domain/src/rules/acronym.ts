/**
 * An acronym longer than the project allows (its settings' `acronymMaxSize`): the field error to show, or null when it
 * fits. Projects, documents and categories are held to the same limit.
 */
export function acronymTooLong(
  acronym: string | undefined,
  maxSize: number,
): { key: 'validation.acronym_max'; params: { max: number } } | null {
  return acronym !== undefined && acronym.length > maxSize
    ? { key: 'validation.acronym_max', params: { max: maxSize } }
    : null;
}

/** The letters a one-word name proposes ("Flight" → FLI): a single initial says too little and clashes soon. */
export const ACRONYM_ONE_WORD_SIZE = 3;

export interface AcronymOptions {
  ignoreSmallWords: boolean;
  maxSize: number;
  /** Acronyms already in use where the proposal must be unique; compared case-insensitively. */
  taken?: Iterable<string>;
}

/** The name's words as upper-case letters and digits: punctuation around a word, like "(Anonymized)", is not a word. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/u)
    .filter(Boolean);
}

/**
 * The first `size` letters taken from the words in turn: every initial first, then each word's second letter, and so
 * on, each word's letters kept together in the words' order ("Software Requirements", 3 → "SOR").
 */
function lettersFrom(words: string[], size: number): string {
  const counts = words.map(() => 0);
  let left = size;
  for (let round = 0; left > 0; round++) {
    let took = false;
    words.forEach((word, i) => {
      if (left > 0 && round < word.length) {
        counts[i] = round + 1;
        left -= 1;
        took = true;
      }
    });
    if (!took) break;
  }
  return words.map((word, i) => word.slice(0, counts[i])).join('');
}

/**
 * The acronym proposed from a name (spec 1 §2, strengthened by issue 31): the initials, upper-cased (with
 * ignoreSmallWords, words of 3 characters or fewer are skipped when others remain); a one-word name gives its first
 * ACRONYM_ONE_WORD_SIZE letters; all within maxSize. When it is taken, more letters are taken from the
 * words, then a number is added (cutting letters to stay within maxSize), so the proposal is never a taken one.
 * An empty string when the name has no letter or digit.
 */
export function acronymFrom(name: string, options: AcronymOptions): string {
  const maxSize = Math.max(1, options.maxSize);
  const all = wordsOf(name);
  const long = options.ignoreSmallWords ? all.filter((w) => w.length > 3) : all;
  const words = long.length ? long : all;
  if (!words.length) return '';
  const available = words.reduce((sum, w) => sum + w.length, 0);
  const size = Math.min(maxSize, available, words.length === 1 ? ACRONYM_ONE_WORD_SIZE : words.length);
  const base = lettersFrom(words, size);
  const taken = new Set([...(options.taken ?? [])].map((a) => a.toUpperCase()));
  if (!taken.has(base)) return base;
  for (let longer = size + 1; longer <= Math.min(maxSize, available); longer++) {
    const candidate = lettersFrom(words, longer);
    if (!taken.has(candidate)) return candidate;
  }
  return withNumber(base, maxSize, taken);
}

/**
 * `base` with the smallest number from 2 that makes it free, letters cut so that it stays within maxSize
 * (the migration 0014 renames old clashes the same way). Empty only when every number that fits is taken.
 */
export function withNumber(base: string, maxSize: number, taken: ReadonlySet<string>): string {
  for (let n = 2; String(n).length <= maxSize; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, maxSize - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
  return '';
}
