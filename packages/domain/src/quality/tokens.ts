/** A word of a field: its UTF-16 offsets in the field's plain text and its lower-case, composed form. */
export interface Token {
  start: number;
  end: number;
  /** The word as written. */
  text: string;
  /** Lower case, NFC: what the word lists are compared with. */
  w: string;
}

// A word is letters, combining marks and digits, with inner hyphens or slashes kept ("user-friendly", "and/or",
// "celui-ci", "enable/disable"). Apostrophes split ("l’exigence" → "l", "exigence"), as French elision wants.
const WORD = /[\p{L}\p{M}\p{N}]+(?:[-‐/][\p{L}\p{M}\p{N}]+)*/gu;
const COMBINING = /[\u0300-\u036f]/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    let w = word.toLowerCase();
    if (COMBINING.test(w)) w = w.normalize('NFC');
    tokens.push({ start: match.index, end: match.index + word.length, text: word, w });
  }
  return tokens;
}

let sentenceSegmenter: Intl.Segmenter | undefined;

/**
 * The sentence of each token (an index that grows through the text), cut by Intl.Segmenter, the platform's ICU
 * sentence breaker, so "e.g." or "3.5 ms" do not end a sentence; a new line (a new block) always does.
 */
export function sentenceIds(text: string, tokens: readonly Token[]): Int32Array {
  sentenceSegmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const ids = new Int32Array(tokens.length);
  let sentence = -1;
  let next = 0;
  const segments = sentenceSegmenter.segment(text)[Symbol.iterator]();
  for (let t = 0; t < tokens.length; t++) {
    const start = tokens[t]!.start;
    while (start >= next) {
      const segment = segments.next();
      if (segment.done) {
        next = Infinity;
        break;
      }
      next = segment.value.index + segment.value.segment.length;
      sentence++;
    }
    ids[t] = Math.max(sentence, 0);
  }
  return ids;
}
