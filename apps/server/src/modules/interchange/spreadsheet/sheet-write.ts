import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@reqloom/domain';
import { writeXlsx, type XlsxStyle } from './xlsx-stream';

/** The widths of the export's columns in characters: the description wide, ids narrow, anything else between. */
const WIDTHS: Record<string, number> = { id: 8, reference: 14, category: 14, name: 40, description: 80, status: 12 };
const WIDTH_OTHER = 24;
const WIDTH_CELL_MAX = 32_767; // Excel's limit on a cell's text: longer ones would not open.

/** A UTF-8 byte order mark: Excel reads a CSV as UTF-8 only with it. */
const BOM = '\uFEFF';

/**
 * The sheet as .xlsx (decisions §24): every cell a string value, never a formula, so a text starting with `=` is
 * shown as it is and nothing is computed (exceljs writes a formula only from `{formula}` values). Frozen header row,
 * set widths, wrapped descriptions. Written by the streaming writer (xlsx-stream.ts) on the export thread.
 */
export async function sheetToXlsx(name: string, header: string[], lines: string[][]): Promise<Buffer> {
  const description = header.indexOf('description');
  const wrapped: XlsxStyle = { alignment: { wrapText: true, vertical: 'top' } };
  const cellStyles = description >= 0 ? { [description + 1]: wrapped } : undefined;
  function* rows() {
    yield { cells: header, style: { font: { bold: true } } };
    for (const line of lines) yield { cells: line.map((cell) => cell.slice(0, WIDTH_CELL_MAX)), cellStyles };
  }
  return writeXlsx(
    sheetName(name),
    header.map((h) => WIDTHS[h] ?? WIDTH_OTHER),
    rows(),
  );
}

/** A worksheet's name: at most 31 characters, none of `\ / ? * [ ] :` (Excel refuses the file otherwise). */
function sheetName(name: string): string {
  return (
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim() || 'Requirements'
  );
}

/** The sheet as CSV: UTF-8 with a BOM, comma-separated, CRLF lines, quoted where needed, formulas neutralised. */
export function sheetToCsv(header: string[], lines: string[][]): Buffer {
  const text = stringify([header, ...lines.map((line) => line.map(neutraliseFormula))], { record_delimiter: '\r\n' });
  return Buffer.from(BOM + text, 'utf8');
}
