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

// CONTRACT STUB: only `tbd` is complete; the rule set's author fills in the others (issue 38).
const todo = (id: QualityRuleId, severity: QualitySeverity, weight: number, reference: string): QualityRule => ({
  id,
  severity,
  weight,
  reference,
  message: { en: id, fr: id },
  explanation: { en: id, fr: id },
});

export const QUALITY_RULES: Record<QualityRuleId, QualityRule> = {
  'vague-term': todo('vague-term', 'warning', 10, 'INCOSE R7'),
  'escape-clause': todo('escape-clause', 'warning', 10, 'INCOSE R8'),
  'open-ended': todo('open-ended', 'warning', 10, 'INCOSE R9'),
  tbd: {
    id: 'tbd',
    severity: 'warning',
    weight: 15,
    reference: 'INCOSE R24',
    message: { en: 'To be determined', fr: 'À définir' },
    explanation: {
      en: 'A requirement that leaves a value to be determined or confirmed cannot be verified yet.',
      fr: 'Une exigence qui laisse une valeur à définir ou à confirmer ne peut pas encore être vérifiée.',
    },
  },
  combinator: todo('combinator', 'warning', 10, 'INCOSE R19'),
  'multiple-modals': todo('multiple-modals', 'warning', 10, 'INCOSE R18'),
  'passive-voice': todo('passive-voice', 'info', 5, 'INCOSE R2'),
  negative: todo('negative', 'info', 5, 'INCOSE R16'),
  pronoun: todo('pronoun', 'info', 5, 'INCOSE R24'),
  superlative: todo('superlative', 'warning', 10, 'INCOSE R7'),
  'missing-modal': todo('missing-modal', 'warning', 10, 'EARS'),
  'too-long': todo('too-long', 'info', 5, 'INCOSE R18'),
};
