import type { QualityFindingPresented, QualityLanguage, QualityRuleId } from '../schemas/quality';
import { detectLanguage } from './language';
import { QUALITY_RULES } from './rules';

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
}

export interface QualityResult {
  score: number;
  language: QualityLanguage;
  findings: QualityFindingPresented[];
}

// CONTRACT STUB: only the `tbd` rule; the rule set's author replaces this body (issue 38).
const TBD = /\b(TBD|TBC|TBR)\b|\bà (définir|confirmer)\b/giu;

/** Checks one requirement; findings are sorted by field (name first), then by offset. */
export function checkRequirement(input: QualityInput, options: QualityOptions = {}): QualityResult {
  const language = options.language ?? detectLanguage(`${input.name}\n${input.description}`);
  const disabled = new Set(options.disabled ?? []);
  const findings: QualityFindingPresented[] = [];
  for (const field of ['name', 'description'] as const) {
    if (disabled.has('tbd')) continue;
    for (const match of input[field].matchAll(TBD)) {
      const start = match.index;
      findings.push({ rule: 'tbd', severity: 'warning', field, start, end: start + match[0].length, text: match[0] });
    }
  }
  return { score: qualityScore(findings), language, findings };
}

/** 100 minus the weights of the findings, at least 0 (decisions §25). */
export function qualityScore(findings: readonly { rule: QualityRuleId }[]): number {
  const lost = findings.reduce((sum, finding) => sum + QUALITY_RULES[finding.rule].weight, 0);
  return Math.max(0, 100 - lost);
}
