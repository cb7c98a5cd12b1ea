import { tokenize, type Token } from './tokens';

/** A list of phrases compiled for matching over tokens: by first word, longest phrase first. */
export type PhraseList = ReadonlyMap<string, readonly (readonly string[])[]>;

export function compilePhrases(phrases: readonly string[]): PhraseList {
  const byFirst = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const words = tokenize(phrase).map((token) => token.w);
    const first = words[0];
    if (first === undefined) continue;
    const list = byFirst.get(first) ?? [];
    list.push(words);
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  return byFirst;
}

/** The number of tokens of the longest phrase of `list` that starts at token `i`, or 0. */
export function phraseAt(tokens: readonly Token[], i: number, list: PhraseList): number {
  const candidates = list.get(tokens[i]!.w);
  if (candidates === undefined) return 0;
  for (const words of candidates) {
    if (i + words.length > tokens.length) continue;
    let k = 1;
    while (k < words.length && tokens[i + k]!.w === words[k]) k++;
    if (k === words.length) return words.length;
  }
  return 0;
}

/** Every non-overlapping occurrence of the list's phrases, as token ranges [i, i + length). */
export function findPhrases(tokens: readonly Token[], list: PhraseList): { i: number; length: number }[] {
  const found: { i: number; length: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const length = phraseAt(tokens, i, list);
    if (length > 0) {
      found.push({ i, length });
      i += length - 1;
    }
  }
  return found;
}
