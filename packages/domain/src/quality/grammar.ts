import type { CompiledWords } from './compiled';
import { hitOf, isNumber, type FieldContext, type Hit } from './field';
import { findPhrases, phraseAt } from './phrases';
import type { Token } from './tokens';

// The rules that look at a word's neighbours: the passive after a modal, a second action joined by "and"/"or",
// and comparatives without a reference. Each looks further only around a word from its list, so a requirement
// without such a word costs one set look-up per word.

function skipFillers(tokens: readonly Token[], j: number, c: CompiledWords): number {
  const suffix = c.words.adverbSuffix;
  while (j < tokens.length) {
    const w = tokens[j]!.w;
    if (!c.passiveFillers.has(w) && !(w.endsWith(suffix) && w.length > suffix.length + 3)) break;
    j++;
  }
  return j;
}

/** A past participle: a listed irregular form (with its -e/-s/-es agreement in French) or a regular ending. */
export function isParticiple(w: string, c: CompiledWords): boolean {
  if (c.notParticiples.has(w)) return false;
  if (c.participles.has(w)) return true;
  for (const ending of ['es', 'e', 's']) {
    if (w.endsWith(ending) && c.participles.has(w.slice(0, -ending.length))) return true;
  }
  return c.words.participleSuffixes.some((suffix) => w.endsWith(suffix) && w.length > suffix.length + 2);
}

/** "shall be stored", "doit être transmis", "sera archivé" with no "by"/"par" after it in the sentence. */
export function passiveVoice(ctx: FieldContext): Hit[] {
  const { tokens, c } = ctx;
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!.w;
    let be: number;
    if (c.passiveModals.has(w)) {
      be = skipFillers(tokens, i + 1, c);
      if (be >= tokens.length || !c.be.has(tokens[be]!.w)) continue;
    } else if (c.futureBe.has(w)) {
      be = i;
    } else continue;
    const participle = skipFillers(tokens, be + 1, c);
    if (participle >= tokens.length || !isParticiple(tokens[participle]!.w, c)) continue;
    const sentences = ctx.sentences();
    let agent = false;
    for (let k = participle + 1; k < tokens.length && sentences[k] === sentences[participle]; k++) {
      if (c.agent.has(tokens[k]!.w)) agent = true;
    }
    if (!agent) hits.push({ rule: 'passive-voice', start: tokens[be]!.start, end: tokens[participle]!.end });
    i = participle;
  }
  return hits;
}

/** "and/or", "as well as" anywhere; "and"/"or" when a verb after it adds a second action to the modal's. */
export function combinators(ctx: FieldContext): Hit[] {
  const { tokens, c } = ctx;
  const hits = findPhrases(tokens, c.combinators).map(({ i, length }) => hitOf('combinator', tokens, i, length));
  let modal = -1;
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!.w;
    if (c.passiveModals.has(w) || c.modals.has(w)) {
      modal = i;
      continue;
    }
    if (modal < 0 || !c.conjunctions.has(w)) continue;
    let v = i + 1;
    while (v < tokens.length && (c.clitics.has(tokens[v]!.w) || c.passiveFillers.has(tokens[v]!.w))) v++;
    const verb = tokens[v];
    if (verb === undefined) continue;
    const next = tokens[v + 1];
    const action =
      c.actionVerbs.has(verb.w) ||
      (c.ambiguousVerbs.has(verb.w) && next !== undefined && (c.determiners.has(next.w) || isNumber(next)));
    // The sentences are cut only here, for the few requirements with a candidate.
    if (action && ctx.sentences()[modal] === ctx.sentences()[i]) hits.push(hitOf('combinator', tokens, i, 1));
  }
  return hits;
}

/** Superlatives, and comparatives with no "than"/"que" after them in their sentence. */
export function superlatives(ctx: FieldContext): Hit[] {
  const { tokens, c } = ctx;
  const excepted = new Set<number>();
  for (const { i, length } of findPhrases(tokens, c.superlativeExceptions)) {
    for (let k = i; k < i + length; k++) excepted.add(k);
  }
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (excepted.has(i)) continue;
    const length = phraseAt(tokens, i, c.superlatives);
    if (length > 0) {
      hits.push(hitOf('superlative', tokens, i, length));
      i += length - 1;
      continue;
    }
    if (!c.comparatives.has(tokens[i]!.w) || !isComparativeWithoutReference(ctx, i)) continue;
    hits.push(hitOf('superlative', tokens, i, 1));
  }
  return hits;
}

function isComparativeWithoutReference(ctx: FieldContext, i: number): boolean {
  const { tokens, c } = ctx;
  // "ne … plus" is a negation; "moins de 10 s", "plus de 5 000" are bounds.
  for (let k = Math.max(0, i - 3); k < i; k++) if (c.negationParticles.has(tokens[k]!.w)) return false;
  if (c.boundPrepositions.has(tokens[i + 1]?.w ?? '') && isNumber(tokens[i + 2])) return false;
  const sentences = ctx.sentences();
  for (let k = i + 1; k < tokens.length && sentences[k] === sentences[i]; k++) {
    if (c.than.has(tokens[k]!.w)) return false;
  }
  return true;
}
