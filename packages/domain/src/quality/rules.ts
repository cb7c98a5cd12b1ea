import type { QualityLanguage, QualityRuleId, QualitySeverity } from '../schemas/quality';

export interface QualityRule {
  id: QualityRuleId;
  severity: QualitySeverity;
  /** What one finding takes off the score of 100. */
  weight: number;
  /** The INCOSE GtWR rule (R…) or the EARS reference the rule is drawn from. */
  reference: string;
  message: Record<QualityLanguage, string>;
  explanation: Record<QualityLanguage, string>;
}

// INCOSE numbers follow the Guide to Writing Requirements v3 (R1–R42 for statements, C1–C9 for characteristics).
// A warning makes the requirement ambiguous or unverifiable (10, TBD 15); an info is a matter of style that often
// hides one (5).
export const QUALITY_RULES: Record<QualityRuleId, QualityRule> = {
  'vague-term': {
    id: 'vague-term',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R7',
    message: { en: 'Vague term', fr: 'Terme vague' },
    explanation: {
      en: 'Words such as “fast”, “user-friendly” or “adequate” mean different things to different readers; state a measurable value instead.',
      fr: 'Des mots comme « rapide », « convivial » ou « suffisant » n’ont pas le même sens pour tous ; donnez une valeur mesurable.',
    },
  },
  'escape-clause': {
    id: 'escape-clause',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R8',
    message: { en: 'Escape clause', fr: 'Clause échappatoire' },
    explanation: {
      en: '“As appropriate”, “if possible” or “where applicable” let the supplier decide whether the requirement applies; say when it applies.',
      fr: '« Si possible », « le cas échéant » ou « dans la mesure du possible » laissent le fournisseur décider si l’exigence s’applique ; dites quand elle s’applique.',
    },
  },
  'open-ended': {
    id: 'open-ended',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R9',
    message: { en: 'Open-ended list', fr: 'Liste ouverte' },
    explanation: {
      en: '“Etc.”, “and so on” or “including but not limited to” leave the list open, so it cannot be verified; list every item.',
      fr: '« Etc. », « notamment » ou « entre autres » laissent la liste ouverte : elle ne peut pas être vérifiée ; énumérez chaque élément.',
    },
  },
  tbd: {
    id: 'tbd',
    severity: 'warning',
    weight: 15,
    reference: 'INCOSE C4 (complete)',
    message: { en: 'To be determined', fr: 'À définir' },
    explanation: {
      en: 'A requirement that leaves a value to be determined or confirmed cannot be verified yet.',
      fr: 'Une exigence qui laisse une valeur à définir ou à confirmer ne peut pas encore être vérifiée.',
    },
  },
  combinator: {
    id: 'combinator',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R19',
    message: { en: 'Combined requirements', fr: 'Exigences combinées' },
    explanation: {
      en: '“And/or”, “as well as”, or “and” joining a second action make one statement hold several requirements; write one requirement per action.',
      fr: '« Et/ou », « ainsi que », ou « et » joignant une seconde action font tenir plusieurs exigences dans une phrase ; écrivez une exigence par action.',
    },
  },
  'multiple-modals': {
    id: 'multiple-modals',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R18',
    message: { en: 'Several “shall” in one requirement', fr: 'Plusieurs « doit » dans une exigence' },
    explanation: {
      en: 'Each “shall” or “must” states a requirement of its own; split them so each can be traced and verified.',
      fr: 'Chaque « doit » ou « devra » énonce une exigence à part entière ; séparez-les pour les tracer et les vérifier une à une.',
    },
  },
  'passive-voice': {
    id: 'passive-voice',
    severity: 'info',
    weight: 5,
    reference: 'INCOSE R2',
    message: { en: 'Passive voice without an agent', fr: 'Voix passive sans agent' },
    explanation: {
      en: '“Shall be stored” does not say who stores; name the system or actor responsible, in the active voice.',
      fr: '« Doit être stocké » ne dit pas qui stocke ; nommez le système ou l’acteur responsable, à la voix active.',
    },
  },
  negative: {
    id: 'negative',
    severity: 'info',
    weight: 5,
    reference: 'INCOSE R16',
    message: { en: 'Negative requirement', fr: 'Exigence négative' },
    explanation: {
      en: 'What a system shall not or never do is an open set that cannot be tested; state what it shall do, or a bound (“shall not exceed 5 ms” is fine).',
      fr: 'Ce qu’un système ne doit pas ou jamais faire est un ensemble ouvert, invérifiable ; dites ce qu’il doit faire, ou une borne (« ne doit pas dépasser 5 ms » convient).',
    },
  },
  pronoun: {
    id: 'pronoun',
    severity: 'info',
    weight: 5,
    reference: 'INCOSE R24',
    message: { en: 'Pronoun', fr: 'Pronom' },
    explanation: {
      en: '“It”, “they” or “this” make the reader guess what is meant, and a requirement is read alone; repeat the noun.',
      fr: '« Il », « elle » ou « cela » obligent à deviner de quoi il s’agit, et une exigence se lit seule ; répétez le nom.',
    },
  },
  superlative: {
    id: 'superlative',
    severity: 'warning',
    weight: 10,
    reference: 'INCOSE R7',
    message: { en: 'Superlative or comparative without a reference', fr: 'Superlatif ou comparatif sans référence' },
    explanation: {
      en: '“Best”, “fastest” or “better” with no “than …” cannot be measured; give the value or what it is compared with.',
      fr: '« Meilleur », « le plus rapide » ou « plus rapide » sans « que … » ne se mesurent pas ; donnez la valeur ou la référence.',
    },
  },
  'missing-modal': {
    id: 'missing-modal',
    severity: 'warning',
    weight: 10,
    reference: 'EARS (The <system> shall <response>); INCOSE R1',
    message: { en: 'No “shall”', fr: 'Pas de « doit »' },
    explanation: {
      en: 'Without “shall”, “must” or “will” the text reads as a description, not a requirement; EARS patterns use “shall”.',
      fr: 'Sans « doit », « doivent » ou « devra », le texte se lit comme une description, pas comme une exigence.',
    },
  },
  'too-long': {
    id: 'too-long',
    severity: 'info',
    weight: 5,
    reference: 'INCOSE R18',
    message: { en: 'More than 60 words', fr: 'Plus de 60 mots' },
    explanation: {
      en: 'A requirement of more than 60 words usually holds several thoughts; split it into single-thought requirements.',
      fr: 'Une exigence de plus de 60 mots contient souvent plusieurs idées ; découpez-la en exigences d’une seule idée.',
    },
  },
};
