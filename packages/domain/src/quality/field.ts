import type { QualityRuleId } from '../schemas/quality';
import type { CompiledWords } from './compiled';
import { sentenceIds, type Token } from './tokens';

/** One field (name or description) being checked: its text, words, language lists and, on demand, sentences. */
export interface FieldContext {
  text: string;
  tokens: readonly Token[];
  c: CompiledWords;
  /** The sentence of each token; cut only when a rule needs it (most requirements never ask). */
  sentences: () => Int32Array;
}

/** What a rule found, before the field, severity and text are added. */
export interface Hit {
  rule: QualityRuleId;
  start: number;
  end: number;
}

export function fieldContext(text: string, tokens: readonly Token[], c: CompiledWords): FieldContext {
  let ids: Int32Array | undefined;
  return { text, tokens, c, sentences: () => (ids ??= sentenceIds(text, tokens)) };
}

/** The hit covering tokens [i, i + length). */
export function hitOf(rule: QualityRuleId, tokens: readonly Token[], i: number, length: number): Hit {
  return { rule, start: tokens[i]!.start, end: tokens[i + length - 1]!.end };
}

export const isNumber = (token: Token | undefined): boolean => token !== undefined && /^\p{N}/u.test(token.w);
