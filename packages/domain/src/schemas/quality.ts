import { z } from 'zod';

/**
 * Requirement quality (decisions §25): the rules drawn from INCOSE's Guide to Writing Requirements and EARS that a
 * requirement's name and description are checked against, in English and French. The rules themselves (their word
 * lists, messages and explanations) live in `../quality`, a separate entry point so the browser loads them only where
 * findings are shown.
 */

/** Every rule's id, in the order the panel lists them. An id is stable: projects store it to turn the rule off. */
export const QUALITY_RULE_IDS = [
  'vague-term',
  'escape-clause',
  'open-ended',
  'tbd',
  'combinator',
  'multiple-modals',
  'passive-voice',
  'negative',
  'pronoun',
  'superlative',
  'missing-modal',
  'too-long',
] as const;
export type QualityRuleId = (typeof QUALITY_RULE_IDS)[number];
export const qualityRuleIdSchema = z.enum(QUALITY_RULE_IDS);

export const QUALITY_SEVERITIES = ['info', 'warning'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/** The languages the rules are written for; a requirement gets the rules of the language its text is in. */
export const QUALITY_LANGUAGES = ['en', 'fr'] as const;
export type QualityLanguage = (typeof QUALITY_LANGUAGES)[number];

/** `projects.settings.quality`: the rules a project turned off. An unknown id is refused (422). */
export const qualitySettingsSchema = z.object({
  disabled: z
    .array(qualityRuleIdSchema)
    .max(QUALITY_RULE_IDS.length)
    .transform((ids) => [...new Set(ids)]),
});
export type QualitySettings = z.infer<typeof qualitySettingsSchema>;
export const DEFAULT_QUALITY_SETTINGS: QualitySettings = { disabled: [] };

/** One finding: `start`/`end` are offsets (UTF-16, end exclusive) into the field's plain text, `text` what they hold. */
export const qualityFindingPresented = z.object({
  rule: qualityRuleIdSchema,
  severity: z.enum(QUALITY_SEVERITIES),
  field: z.enum(['name', 'description']),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string(),
});
export type QualityFindingPresented = z.infer<typeof qualityFindingPresented>;

/** GET requirements/quality/{id}: 100 minus the weighted findings, at least 0. */
export const requirementQualityPresented = z.object({
  score: z.number().int().min(0).max(100),
  language: z.enum(QUALITY_LANGUAGES),
  findings: z.array(qualityFindingPresented),
});
export type RequirementQualityPresented = z.infer<typeof requirementQualityPresented>;

/** GET documents/quality/{id}: every requirement (tests are not requirements) in reading order, and the mean. */
export const documentQualityRequirementPresented = requirementQualityPresented.extend({
  id: z.number(),
  reference: z.string(),
  name: z.string(),
});
export type DocumentQualityRequirementPresented = z.infer<typeof documentQualityRequirementPresented>;

export const documentQualityPresented = z.object({
  /** The mean of the requirements' scores, rounded to one decimal; 100 for a document without requirements. */
  mean_score: z.number().min(0).max(100),
  /** How many findings each rule gave across the document (rules that gave none are absent). */
  by_rule: z.record(z.string(), z.number().int().min(0)),
  requirements: z.array(documentQualityRequirementPresented),
});
export type DocumentQualityPresented = z.infer<typeof documentQualityPresented>;
