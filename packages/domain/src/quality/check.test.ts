import { describe, expect, it } from 'vitest';
import { QUALITY_RULE_IDS } from '../schemas/quality';
import { checkRequirement, detectLanguage, QUALITY_RULES, qualityScore, qualityText } from './index';

describe('checkRequirement', () => {
  it('gives UTF-16 offsets into each field whose substring is the finding, name first, then by offset', () => {
    const input = {
      name: 'Export rapide 😀 TBD',
      description: 'L’exigence « É » doit être traitée rapidement, etc.',
    };
    const { findings, language } = checkRequirement(input);
    expect(language).toBe('fr');
    for (const finding of findings) expect(input[finding.field].slice(finding.start, finding.end)).toBe(finding.text);
    expect(findings.map((f) => [f.field, f.rule, f.text])).toEqual([
      ['name', 'vague-term', 'rapide'],
      ['name', 'tbd', 'TBD'],
      ['description', 'passive-voice', 'être traitée'],
      ['description', 'vague-term', 'rapidement'],
      ['description', 'open-ended', 'etc'],
    ]);
  });

  it('handles decomposed accents and curly apostrophes', () => {
    const description = 'Le système doit être convivial et re\u0301pondre dans la mesure du possible à l’opérateur.';
    const { findings } = checkRequirement({ name: '', description });
    expect(findings.map((f) => [f.rule, f.text])).toEqual([
      ['vague-term', 'convivial'],
      ['escape-clause', 'dans la mesure du possible'],
    ]);
  });

  it('gives nothing for a disabled rule, and scores 100 minus the weights, at least 0', () => {
    const input = { name: '', description: 'The system shall be fast, user-friendly and adequate, etc. (TBD)' };
    const all = checkRequirement(input);
    expect(all.findings.some((f) => f.rule === 'vague-term')).toBe(true);
    const off = checkRequirement(input, { disabled: ['vague-term'] });
    expect(off.findings.some((f) => f.rule === 'vague-term')).toBe(false);
    expect(off.score).toBe(100 - 10 - 15);
    expect(qualityScore(Array.from({ length: 20 }, () => ({ rule: 'tbd' as const })))).toBe(0);
    expect(checkRequirement({ name: 'Start-up', description: 'The cFE shall start in 5 s.' }).score).toBe(100);
  });

  it('follows the language of the text; a tie gives the hint, or English', () => {
    expect(detectLanguage('Le système doit afficher la liste.')).toBe('fr');
    expect(detectLanguage('The system shall display the list.')).toBe('en');
    expect(detectLanguage('Export PDF')).toBe('en');
    expect(checkRequirement({ name: 'Export PDF', description: '' }, { hint: 'fr' }).language).toBe('fr');
    expect(checkRequirement({ name: 'Export rapide', description: 'The tool shall export.' }).language).toBe('en');
    expect(checkRequirement({ name: '', description: 'The tool shall export.' }, { language: 'fr' }).language).toBe(
      'fr',
    );
  });

  it('checks the plain text of the rich description: blocks joined by a new line', () => {
    const description = qualityText('<p>The system shall log.</p><ul><li><p>It shall alert.</p></li></ul>');
    expect(description).toBe('The system shall log.\nIt shall alert.');
    const { findings } = checkRequirement({ name: '', description });
    expect(findings.map((f) => [f.rule, f.start, f.text])).toEqual(
      [
        ['multiple-modals', 25, 'shall'],
        ['pronoun', 22, 'It'],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
  });

  it('has a complete rule for every id: severity, weight, reference, message and explanation in both languages', () => {
    for (const id of QUALITY_RULE_IDS) {
      const rule = QUALITY_RULES[id];
      expect(rule.id).toBe(id);
      expect(rule.weight).toBeGreaterThan(0);
      expect(rule.reference).toMatch(/INCOSE|EARS/);
      for (const language of ['en', 'fr'] as const) {
        expect(rule.message[language]).not.toBe(id);
        expect(rule.explanation[language].length).toBeGreaterThan(30);
      }
    }
  });
});
