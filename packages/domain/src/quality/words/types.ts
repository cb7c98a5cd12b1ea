/**
 * The word lists one language's rules read (decisions §25). They are data: a phrase is written as a person writes
 * it ("as well as", "s’il y a lieu") and is cut into words by the same tokenizer as the requirement, so apostrophes,
 * accents and case need no special spelling here.
 */
export interface LanguageWords {
  /** Common words of the language, counted to decide which language a requirement is written in. */
  function: readonly string[];
  /** The modal verbs a requirement needs (`missing-modal`). */
  modals: readonly string[];
  /** The modals counted by `multiple-modals` (more than one in a field is more than one requirement). */
  bindingModals: readonly string[];
  /** Modals that can start a passive ("shall be stored", "doit être stocké"). */
  passiveModals: readonly string[];
  /** The auxiliary of the passive after a modal: "be", "être". */
  be: readonly string[];
  /** Forms that are already a passive auxiliary on their own ("sera transmis"). */
  futureBe: readonly string[];
  /** Words allowed between the modal, the auxiliary and the participle ("not", "also"); -ly/-ment adverbs pass too. */
  passiveFillers: readonly string[];
  adverbSuffix: string;
  /** The word that names the agent of a passive ("by", "par"). */
  agent: readonly string[];
  /** Endings of a regular past participle, and the participles that do not end so. */
  participleSuffixes: readonly string[];
  participles: readonly string[];
  /** Words with a participle's ending that are adjectives after "be". */
  notParticiples: readonly string[];
  vague: readonly string[];
  escape: readonly string[];
  /** Phrases that contain an escape-clause phrase but are not one ("as required by"). */
  escapeExceptions: readonly string[];
  openEnded: readonly string[];
  tbd: readonly string[];
  /** To-be-determined marks matched with their case ("ND" but not "nd"). */
  tbdCaseSensitive: readonly string[];
  /** Combinators flagged wherever they appear ("and/or", "as well as"). */
  combinators: readonly string[];
  /** "and"/"or": flagged only when they join a second action to the requirement's verb. */
  conjunctions: readonly string[];
  /** Verbs that are actions whatever follows them. */
  actionVerbs: readonly string[];
  /** Verbs that are also nouns ("issue", "display"): an action only when an object's determiner follows. */
  ambiguousVerbs: readonly string[];
  determiners: readonly string[];
  /** Object pronouns allowed between a conjunction and its verb in French ("et les signer"). */
  clitics: readonly string[];
  negatives: readonly string[];
  /** What after a negative makes it a measurable bound ("shall not exceed"): not flagged. */
  negativeBounds: readonly string[];
  pronouns: readonly string[];
  /** Demonstratives: pronouns only when no noun follows them ("this shall", but not "this flag"). */
  demonstratives: readonly string[];
  /** What may follow a demonstrative that stands alone as a pronoun (verbs, modals). */
  demonstrativeFollowers: readonly string[];
  pronounExceptions: readonly string[];
  superlatives: readonly string[];
  comparatives: readonly string[];
  /** The word that gives a comparative its reference ("than", "que"). */
  than: readonly string[];
  superlativeExceptions: readonly string[];
  /** Negation words: "ne … plus" is a negative, not a comparative. */
  negationParticles: readonly string[];
  /** Prepositions after which a comparative followed by a number is a bound ("moins de 10 s"). */
  boundPrepositions: readonly string[];
}
