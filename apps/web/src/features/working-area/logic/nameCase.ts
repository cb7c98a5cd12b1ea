export const CASE_MODES = ['upper', 'lower', 'sentence', 'title'] as const;
export type CaseMode = (typeof CASE_MODES)[number];

export function applyCase(text: string, mode: CaseMode): string {
  switch (mode) {
    case 'upper':
      return text.toLocaleUpperCase();
    case 'lower':
      return text.toLocaleLowerCase();
    case 'sentence': {
      const lower = text.toLocaleLowerCase();
      const first = lower.search(/\p{L}/u);
      return first < 0
        ? lower
        : lower.slice(0, first) + lower.charAt(first).toLocaleUpperCase() + lower.slice(first + 1);
    }
    case 'title':
      return text.toLocaleLowerCase().replace(/(^|[\s\-_/(«"'])(\p{L})/gu, (_m, sep: string, letter: string) => {
        return sep + letter.toLocaleUpperCase();
      });
  }
}

/**
 * Shift+F3 (spec 2 §4): upper, lower, sentence, title, then again. `last` is the mode the previous press applied
 * (null after the user typed). A mode that would change nothing is skipped, so that every press shows.
 */
export function cycleCase(text: string, last: CaseMode | null): { text: string; mode: CaseMode } {
  const start = last === null ? 0 : (CASE_MODES.indexOf(last) + 1) % CASE_MODES.length;
  for (let step = 0; step < CASE_MODES.length; step++) {
    const mode = CASE_MODES[(start + step) % CASE_MODES.length]!;
    const next = applyCase(text, mode);
    if (next !== text) return { text: next, mode };
  }
  return { text, mode: CASE_MODES[start]! };
}
