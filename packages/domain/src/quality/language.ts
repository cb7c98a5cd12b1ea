import type { QualityLanguage } from '../schemas/quality';

// CONTRACT STUB: a count of common French words; the rule set's author may replace it with a maintained library.
const FRENCH = /\b(le|la|les|des|du|une|doit|doivent|devra|est|et|pour|avec|dans|sur|être)\b/giu;
const ENGLISH = /\b(the|a|an|of|shall|must|will|is|and|for|with|in|on|be)\b/giu;

/** The language a requirement's text is in: French when French words outnumber English ones, else English. */
export function detectLanguage(text: string): QualityLanguage {
  const fr = text.match(FRENCH)?.length ?? 0;
  const en = text.match(ENGLISH)?.length ?? 0;
  return fr > en ? 'fr' : 'en';
}
