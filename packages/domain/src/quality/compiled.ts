import type { QualityLanguage } from '../schemas/quality';
import { compilePhrases, type PhraseList } from './phrases';
import { EN_WORDS } from './words/en';
import { FR_WORDS } from './words/fr';
import type { LanguageWords } from './words/types';

/** One language's word lists made ready for matching: sets for single words, phrase lists for the rest. */
export interface CompiledWords {
  words: LanguageWords;
  modals: ReadonlySet<string>;
  bindingModals: ReadonlySet<string>;
  passiveModals: ReadonlySet<string>;
  be: ReadonlySet<string>;
  futureBe: ReadonlySet<string>;
  passiveFillers: ReadonlySet<string>;
  agent: ReadonlySet<string>;
  participles: ReadonlySet<string>;
  notParticiples: ReadonlySet<string>;
  conjunctions: ReadonlySet<string>;
  actionVerbs: ReadonlySet<string>;
  ambiguousVerbs: ReadonlySet<string>;
  determiners: ReadonlySet<string>;
  clitics: ReadonlySet<string>;
  demonstratives: ReadonlySet<string>;
  demonstrativeFollowers: ReadonlySet<string>;
  than: ReadonlySet<string>;
  comparatives: ReadonlySet<string>;
  negationParticles: ReadonlySet<string>;
  boundPrepositions: ReadonlySet<string>;
  tbdCaseSensitive: ReadonlySet<string>;
  vague: PhraseList;
  escape: PhraseList;
  escapeExceptions: PhraseList;
  openEnded: PhraseList;
  tbd: PhraseList;
  combinators: PhraseList;
  negatives: PhraseList;
  negativeBounds: PhraseList;
  pronouns: PhraseList;
  pronounExceptions: PhraseList;
  superlatives: PhraseList;
  superlativeExceptions: PhraseList;
}

const lower = (list: readonly string[]): ReadonlySet<string> => new Set(list.map((w) => w.toLowerCase()));

function compile(words: LanguageWords): CompiledWords {
  return {
    words,
    modals: lower(words.modals),
    bindingModals: lower(words.bindingModals),
    passiveModals: lower(words.passiveModals),
    be: lower(words.be),
    futureBe: lower(words.futureBe),
    passiveFillers: lower(words.passiveFillers),
    agent: lower(words.agent),
    participles: lower(words.participles),
    notParticiples: lower(words.notParticiples),
    conjunctions: lower(words.conjunctions),
    actionVerbs: lower(words.actionVerbs),
    ambiguousVerbs: lower(words.ambiguousVerbs),
    determiners: lower(words.determiners),
    clitics: lower(words.clitics),
    demonstratives: lower(words.demonstratives),
    demonstrativeFollowers: lower(words.demonstrativeFollowers),
    than: lower(words.than),
    comparatives: lower(words.comparatives),
    negationParticles: lower(words.negationParticles),
    boundPrepositions: lower(words.boundPrepositions),
    tbdCaseSensitive: new Set(words.tbdCaseSensitive),
    vague: compilePhrases(words.vague),
    escape: compilePhrases(words.escape),
    escapeExceptions: compilePhrases(words.escapeExceptions),
    openEnded: compilePhrases(words.openEnded),
    tbd: compilePhrases(words.tbd),
    combinators: compilePhrases(words.combinators),
    negatives: compilePhrases(words.negatives),
    negativeBounds: compilePhrases(words.negativeBounds),
    pronouns: compilePhrases(words.pronouns),
    pronounExceptions: compilePhrases(words.pronounExceptions),
    superlatives: compilePhrases(words.superlatives),
    superlativeExceptions: compilePhrases(words.superlativeExceptions),
  };
}

const SOURCES: Record<QualityLanguage, LanguageWords> = { en: EN_WORDS, fr: FR_WORDS };
const cache = new Map<QualityLanguage, CompiledWords>();

/** The compiled lists of a language, built once on first use. */
export function compiledWords(language: QualityLanguage): CompiledWords {
  let compiled = cache.get(language);
  if (compiled === undefined) {
    compiled = compile(SOURCES[language]);
    cache.set(language, compiled);
  }
  return compiled;
}
