import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula, type Language, type MatrixFormat, type MatrixPresented } from '@reqloom/domain';
import { writeXlsx, type XlsxRow } from './xlsx-stream';

const TEXTS = {
  en: {
    parent: 'Requirement',
    name: 'Name',
    children: 'Children in {document}',
    suspect: 'suspect',
    coverage: 'Coverage: {covered} of {total} requirements have a child in {document} ({percent} %)',
  },
  fr: {
    parent: 'Exigence',
    name: 'Nom',
    children: 'Enfants dans {document}',
    suspect: 'suspect',
    coverage: 'Couverture : {covered} exigences sur {total} ont un enfant dans {document} ({percent} %)',
  },
} satisfies Record<Language, Record<string, string>>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** A light amber, the suspect links' mark in the app. */
const SUSPECT_FILL = 'FFFFE08A';

export type MatrixFile = { data: Buffer; extension: MatrixFormat; contentType: string };

/**
 * The matrix as a spreadsheet (decisions §24), exactly as filtered: a header row, one row per parent requirement with
 * its children's references (a suspect one marked "REF (suspect)", and in .xlsx its cell filled), the coverage on the
 * last line. Every cell is a plain string: in .xlsx never a formula; in .csv one that a spreadsheet would read as a
 * formula gets the apostrophe of `neutraliseFormula`. Built on the export thread (export-task.ts), the .xlsx streamed.
 */
export async function matrixFile(
  matrix: MatrixPresented,
  childDocument: string,
  format: MatrixFormat,
  lang: Language,
): Promise<MatrixFile> {
  const t = TEXTS[lang];
  const header = [t.parent, t.name, fill(t.children, { document: childDocument })];
  const childText = (link: MatrixPresented['rows'][number]['links'][number]) =>
    link.suspect ? `${link.requirement.reference} (${t.suspect})` : link.requirement.reference;
  const lines = matrix.rows.map((row) => [
    row.requirement.reference,
    row.requirement.name,
    row.links.map(childText).join('; '),
  ]);
  const { covered, total } = matrix.coverage;
  const coverage = fill(t.coverage, {
    covered,
    total,
    document: childDocument,
    percent: total === 0 ? 0 : Math.round((covered / total) * 100),
  });

  if (format === 'csv') {
    const rows = [header, ...lines, [coverage]].map((cells) => cells.map(neutraliseFormula));
    const text = stringify(rows, { bom: true, record_delimiter: '\r\n' });
    return { data: Buffer.from(text, 'utf8'), extension: 'csv', contentType: 'text/csv; charset=utf-8' };
  }

  const amber = { fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: SUSPECT_FILL } } } as const;
  function* rows(): Generator<XlsxRow> {
    yield { cells: header, style: { font: { bold: true } } };
    for (const [n, row] of matrix.rows.entries())
      yield { cells: lines[n]!, cellStyles: row.links.some((l) => l.suspect) ? { 3: amber } : undefined };
    yield { cells: [coverage], style: { font: { italic: true } } };
  }
  const data = await writeXlsx('Matrix', [18, 60, 48], rows());
  return {
    data,
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
