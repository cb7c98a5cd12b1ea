import type { QualityLanguage } from '../schemas/quality';
import { compiledWords } from './compiled';
import { tokenize, type Token } from './tokens';
import { EN_WORDS } from './words/en';
import { FR_WORDS } from './words/fr';

const FRENCH = new Set(FR_WORDS.function);
const ENGLISH = new Set(EN_WORDS.function);
const FRENCH_LETTERS = /[àâçéèêëîïôûùüÿœæ]/gi;

/**
 * The language of a requirement's words: common French words, modals and accented letters against common English
 * words and modals. A tie (no clue, or as many of each) gives `hint` — the project's language — or English.
 */
export function languageOfTokens(
  fields: readonly (readonly Token[])[],
  texts: readonly string[],
  hint: QualityLanguage = 'en',
): QualityLanguage {
  let fr = 0;
  let en = 0;
  const frModals = compiledWords('fr').modals;
  const enModals = compiledWords('en').modals;
  for (const tokens of fields) {
    for (const { w } of tokens) {
      if (FRENCH.has(w)) fr += frModals.has(w) ? 3 : 1;
      else if (ENGLISH.has(w)) en += enModals.has(w) ? 3 : 1;
    }
  }
  // Accented letters are French clues ("é", "à", "œ"); one look over each text, not one per word.
  for (const text of texts) fr += text.match(FRENCH_LETTERS)?.length ?? 0;
  if (fr === en) return hint;
  return fr > en ? 'fr' : 'en';
}

/** The language a requirement's text is in (see `languageOfTokens`). */
export function detectLanguage(text: string, hint?: QualityLanguage): QualityLanguage {
  return languageOfTokens([tokenize(text)], [text], hint);
}
