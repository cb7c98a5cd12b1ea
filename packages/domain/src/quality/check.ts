import type { QualityFindingPresented, QualityLanguage, QualityRuleId } from '../schemas/quality';
import { compiledWords } from './compiled';
import { fieldContext, type FieldContext, type Hit } from './field';
import { combinators, passiveVoice, superlatives } from './grammar';
import { languageOfTokens } from './language';
import {
  escapeClauses,
  missingModal,
  multipleModals,
  negatives,
  openEnded,
  pronouns,
  tbd,
  tooLong,
  vagueTerms,
} from './lexical';
import { QUALITY_RULES } from './rules';
import { tokenize } from './tokens';

export interface QualityInput {
  name: string;
  /** The description's plain text (`qualityText` of its rich text). */
  description: string;
}

export interface QualityOptions {
  /** The rules the project turned off (`settings.quality.disabled`). */
  disabled?: readonly QualityRuleId[];
  /** Forces the language; by default it follows the text. */
  language?: QualityLanguage;
  /** The language chosen when the text does not decide (a short or evenly mixed text); English by default. */
  hint?: QualityLanguage;
}

export interface QualityResult {
  score: number;
  language: QualityLanguage;
  findings: QualityFindingPresented[];
}

const FIELDS = ['name', 'description'] as const;

function fieldHits(ctx: FieldContext, field: (typeof FIELDS)[number], on: (rule: QualityRuleId) => boolean): Hit[] {
  const hits: Hit[] = [];
  const escape = on('escape-clause') || on('vague-term') ? escapeClauses(ctx) : [];
  const open = on('open-ended') || on('vague-term') ? openEnded(ctx) : [];
  if (on('escape-clause')) hits.push(...escape);
  if (on('open-ended')) hits.push(...open);
  if (on('vague-term')) hits.push(...vagueTerms(ctx, [...escape, ...open]));
  if (on('tbd')) hits.push(...tbd(ctx));
  if (on('combinator')) hits.push(...combinators(ctx));
  if (on('multiple-modals')) hits.push(...multipleModals(ctx));
  if (on('passive-voice')) hits.push(...passiveVoice(ctx));
  if (on('negative')) hits.push(...negatives(ctx));
  if (on('pronoun')) hits.push(...pronouns(ctx));
  if (on('superlative')) hits.push(...superlatives(ctx));
  // A name is a title ("Export rapide"): it needs no modal.
  if (field === 'description' && on('missing-modal')) hits.push(...missingModal(ctx));
  if (on('too-long')) hits.push(...tooLong(ctx));
  return hits;
}

/** Checks one requirement; findings are sorted by field (name first), then by offset. */
export function checkRequirement(input: QualityInput, options: QualityOptions = {}): QualityResult {
  const disabled = new Set(options.disabled ?? []);
  const on = (rule: QualityRuleId): boolean => !disabled.has(rule);
  const tokens = { name: tokenize(input.name), description: tokenize(input.description) };
  const language =
    options.language ??
    languageOfTokens([tokens.name, tokens.description], [input.name, input.description], options.hint ?? 'en');
  const words = compiledWords(language);
  const findings: QualityFindingPresented[] = [];
  for (const field of FIELDS) {
    const text = input[field];
    const hits = fieldHits(fieldContext(text, tokens[field], words), field, on);
    hits.sort((a, b) => a.start - b.start || a.end - b.end);
    for (const { rule, start, end } of hits) {
      findings.push({ rule, severity: QUALITY_RULES[rule].severity, field, start, end, text: text.slice(start, end) });
    }
  }
  return { score: qualityScore(findings), language, findings };
}

/** 100 minus the weights of the findings, at least 0 (decisions §25). */
export function qualityScore(findings: readonly { rule: QualityRuleId }[]): number {
  const lost = findings.reduce((sum, finding) => sum + QUALITY_RULES[finding.rule].weight, 0);
  return Math.max(0, 100 - lost);
}
