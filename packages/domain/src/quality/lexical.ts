import { hitOf, type FieldContext, type Hit } from './field';
import { findPhrases, phraseAt, type PhraseList } from './phrases';

// The rules that a word list decides alone: vague terms, escape clauses, open-ended lists, TBD, negatives,
// pronouns, modals and length.

export const MAX_WORDS = 60;

function phraseHits(ctx: FieldContext, rule: Hit['rule'], list: PhraseList, except?: PhraseList): Hit[] {
  const hits: Hit[] = [];
  for (const { i, length } of findPhrases(ctx.tokens, list)) {
    // "as required by X" names who requires it: not an escape clause.
    if (except !== undefined && phraseAt(ctx.tokens, i, except) > length) continue;
    hits.push(hitOf(rule, ctx.tokens, i, length));
  }
  return hits;
}

export const escapeClauses = (ctx: FieldContext): Hit[] =>
  phraseHits(ctx, 'escape-clause', ctx.c.escape, ctx.c.escapeExceptions);

export const openEnded = (ctx: FieldContext): Hit[] => phraseHits(ctx, 'open-ended', ctx.c.openEnded);

/** Vague words, except inside a phrase another rule already names ("as appropriate" is an escape clause). */
export function vagueTerms(ctx: FieldContext, covered: readonly Hit[]): Hit[] {
  return phraseHits(ctx, 'vague-term', ctx.c.vague).filter(
    (hit) => !covered.some((other) => other.start <= hit.start && hit.end <= other.end),
  );
}

export function tbd(ctx: FieldContext): Hit[] {
  const hits = phraseHits(ctx, 'tbd', ctx.c.tbd);
  ctx.tokens.forEach((token, i) => {
    if (ctx.c.tbdCaseSensitive.has(token.text)) hits.push(hitOf('tbd', ctx.tokens, i, 1));
  });
  return hits;
}

/** "shall not", "ne doit pas", "never" — but not a bound: "shall not exceed 5 ms" is measurable. */
export function negatives(ctx: FieldContext): Hit[] {
  const hits: Hit[] = [];
  for (const { i, length } of findPhrases(ctx.tokens, ctx.c.negatives)) {
    if (i + length < ctx.tokens.length && phraseAt(ctx.tokens, i + length, ctx.c.negativeBounds) > 0) continue;
    hits.push(hitOf('negative', ctx.tokens, i, length));
  }
  return hits;
}

const PUNCTUATION_AFTER = /^\s*(?:[.,;:!?)\]]|$)/;

/** Personal and demonstrative pronouns; "this"/"these"/"those" only when no noun follows them. */
export function pronouns(ctx: FieldContext): Hit[] {
  const { tokens, c } = ctx;
  const excepted = new Set<number>();
  for (const { i, length } of findPhrases(tokens, c.pronounExceptions)) {
    for (let k = i; k < i + length; k++) excepted.add(k);
  }
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (excepted.has(i)) continue;
    const length = phraseAt(tokens, i, c.pronouns);
    if (length > 0) {
      hits.push(hitOf('pronoun', tokens, i, length));
      i += length - 1;
      continue;
    }
    if (!c.demonstratives.has(tokens[i]!.w)) continue;
    const next = tokens[i + 1];
    const after = ctx.text.slice(tokens[i]!.end, tokens[i]!.end + 3);
    if (next === undefined || c.demonstrativeFollowers.has(next.w) || PUNCTUATION_AFTER.test(after)) {
      hits.push(hitOf('pronoun', tokens, i, 1));
    }
  }
  return hits;
}

/** Every binding modal after the first: one field, one requirement (INCOSE R18). */
export function multipleModals(ctx: FieldContext): Hit[] {
  const hits: Hit[] = [];
  let seen = false;
  ctx.tokens.forEach((token, i) => {
    if (!ctx.c.bindingModals.has(token.w)) return;
    if (seen) hits.push(hitOf('multiple-modals', ctx.tokens, i, 1));
    seen = true;
  });
  return hits;
}

/** A description without shall/must/will (doit/devra…): the first sentence is underlined. */
export function missingModal(ctx: FieldContext): Hit[] {
  const { tokens } = ctx;
  if (tokens.length === 0 || tokens.some((token) => ctx.c.modals.has(token.w))) return [];
  const sentences = ctx.sentences();
  let last = 0;
  while (last + 1 < tokens.length && sentences[last + 1] === sentences[0]) last++;
  return [{ rule: 'missing-modal', start: tokens[0]!.start, end: tokens[last]!.end }];
}

/** More than 60 words: the words past the 60th are underlined. */
export function tooLong(ctx: FieldContext): Hit[] {
  const { tokens } = ctx;
  if (tokens.length <= MAX_WORDS) return [];
  return [{ rule: 'too-long', start: tokens[MAX_WORDS]!.start, end: tokens[tokens.length - 1]!.end }];
}
