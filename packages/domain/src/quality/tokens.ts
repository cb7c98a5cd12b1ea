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
  const decomposed = COMBINING.test(text);
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const w = word.toLowerCase();
    tokens.push({
      start: match.index,
      end: match.index + word.length,
      text: word,
      w: decomposed ? w.normalize('NFC') : w,
    });
  }
  return tokens;
}

// A sentence ends at ".", "!" or "?" followed by a space and a capital letter or a digit, or at a new line (a new
// block). Intl.Segmenter's ICU sentence breaker knows abbreviations better but cost 18× as much, more than all the
// rules together; Intl.Segmenter's words are the bench's bare reference (bench/src/quality.ts).
const SENTENCE_END = /[.!?]+[)"'’»\]]*\s+(?=[\p{Lu}\p{N}«"“(])|\n/gu;

/** The sentence of each token: an index that grows through the text. */
export function sentenceIds(text: string, tokens: readonly Token[]): Int32Array {
  const ids = new Int32Array(tokens.length);
  SENTENCE_END.lastIndex = 0;
  let sentence = 0;
  let boundary = SENTENCE_END.exec(text);
  for (let t = 0; t < tokens.length; t++) {
    const start = tokens[t]!.start;
    while (boundary !== null && boundary.index + boundary[0].length <= start) {
      sentence++;
      boundary = SENTENCE_END.exec(text);
    }
    ids[t] = sentence;
  }
  return ids;
}
