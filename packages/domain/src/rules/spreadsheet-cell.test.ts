import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormulaText, statusFromWord } from './spreadsheet-cell';
import { plainLines } from './search-extract';

describe('spreadsheet cells (decisions §24)', () => {
  it('neutralises what would pass for a formula, and takes it back', () => {
    for (const text of ['=1+1', '+33 1', '-2', '@SUM(A1)', '\tx'])
      expect(restoreFormulaText(neutraliseFormula(text))).toBe(text);
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('plain')).toBe('plain');
    // An apostrophe a person typed stays.
    expect(restoreFormulaText("'quoted'")).toBe("'quoted'");
  });

  it('reads statuses as words in English and French, any case or accent', () => {
    expect(['Validated', 'validée', 'VALIDEE', 'Validé', '3'].map(statusFromWord)).toEqual([3, 3, 3, 3, 3]);
    expect(['Draft', 'brouillon', ' Relue ', 'rédigée'].map(statusFromWord)).toEqual([0, 0, 2, 1]);
    expect(statusFromWord('Someday')).toBeUndefined();
  });

  it('keeps line breaks of rich text', () => {
    expect(plainLines('<p>a <em>b</em></p><ul><li>c</li><li>d</li></ul><p>e<br>f &amp; g</p>')).toBe(
      'a b\nc\nd\ne\nf & g',
    );
  });
});
