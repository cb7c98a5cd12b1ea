import { describe, expect, it } from 'vitest';
import { QUALITY_RULE_IDS, type QualityRuleId } from '../../schemas/quality';
import { checkRequirement } from '../check';
import corpus from './corpus.json';

// The corpus test of issue 38: requirements marked by hand (corpus.json, committed before the engine ran on them)
// against what the rules find. A finding matches a mark of the same rule and field whose words overlap it.

interface Mark {
  rule: QualityRuleId;
  field: 'name' | 'description';
  text: string;
  occurrence?: number;
}
interface Entry {
  source: string;
  id: string;
  language: 'en' | 'fr';
  name: string;
  description: string;
  expected: Mark[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a mark's words are: the n-th whole-word occurrence in its field. */
export function markSpan(entry: Entry, mark: Mark): { start: number; end: number } {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(mark.text)}(?![\\p{L}\\p{N}])`, 'gu');
  const matches = [...entry[mark.field].matchAll(pattern)];
  const match = matches[mark.occurrence ?? 0];
  if (match === undefined) throw new Error(`${entry.id}: "${mark.text}" not found in its ${mark.field}`);
  return { start: match.index, end: match.index + mark.text.length };
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

function score(entries: readonly Entry[]): { byRule: Map<QualityRuleId, Counts>; misses: string[] } {
  const byRule = new Map<QualityRuleId, Counts>(QUALITY_RULE_IDS.map((id) => [id, { tp: 0, fp: 0, fn: 0 }]));
  const misses: string[] = [];
  for (const entry of entries) {
    const { findings } = checkRequirement(entry);
    const marks = entry.expected.map((mark) => ({ mark, ...markSpan(entry, mark), matched: false }));
    for (const finding of findings) {
      const mark = marks.find(
        (m) =>
          m.mark.rule === finding.rule &&
          m.mark.field === finding.field &&
          m.start < finding.end &&
          finding.start < m.end,
      );
      const counts = byRule.get(finding.rule)!;
      if (mark === undefined) {
        counts.fp++;
        misses.push(`FP ${entry.id} ${finding.rule} ${finding.field} "${finding.text}"`);
      } else if (!mark.matched) {
        mark.matched = true;
        counts.tp++;
      }
    }
    for (const mark of marks.filter((m) => !m.matched)) {
      byRule.get(mark.mark.rule)!.fn++;
      misses.push(`FN ${entry.id} ${mark.mark.rule} ${mark.mark.field} "${mark.mark.text}"`);
    }
  }
  return { byRule, misses };
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);

describe('quality corpus (issue 38)', () => {
  const entries = corpus.requirements as Entry[];

  it('holds 60 requirements from the fixtures and French ones written for it, each mark found in its field', () => {
    expect(entries.filter((entry) => entry.language === 'en' && !entry.source.startsWith('written'))).toHaveLength(60);
    expect(entries.filter((entry) => entry.language === 'fr').length).toBeGreaterThanOrEqual(15);
    for (const entry of entries) for (const mark of entry.expected) expect(() => markSpan(entry, mark)).not.toThrow();
  });

  it('gets the language of every requirement right', () => {
    const wrong = entries.filter((entry) => checkRequirement(entry).language !== entry.language).map((e) => e.id);
    expect(wrong).toEqual([]);
  });

  it('reaches precision ≥ 0.9 for every rule that finds anything, and recall ≥ 0.8 overall', () => {
    const { byRule, misses } = score(entries);
    const rows = [...byRule].map(([rule, c]) => ({
      rule,
      marked: c.tp + c.fn,
      found: c.tp + c.fp,
      tp: c.tp,
      precision: Number(ratio(c.tp, c.tp + c.fp).toFixed(2)),
      recall: Number(ratio(c.tp, c.tp + c.fn).toFixed(2)),
    }));
    const total = [...byRule.values()].reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), {
      tp: 0,
      fp: 0,
      fn: 0,
    });
    const overall = { precision: ratio(total.tp, total.tp + total.fp), recall: ratio(total.tp, total.tp + total.fn) };
    console.table(rows);
    console.log('overall', total, overall, '\n' + misses.join('\n'));
    for (const row of rows) if (row.found > 0) expect(row.precision, row.rule).toBeGreaterThanOrEqual(0.9);
    expect(overall.recall).toBeGreaterThanOrEqual(0.8);
  });
});
