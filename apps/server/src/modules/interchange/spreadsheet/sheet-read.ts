import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { restoreFormulaText, SPREADSHEET_COLUMNS_MAX, SPREADSHEET_ROWS_MAX } from '@reqloom/domain';
import { ArchiveError, isZip, readZip, utf8 } from '../zip';

/** Why a sheet cannot be read; the route answers 422 on `file` with the message key. */
export class UnreadableSheet extends Error {
  constructor(readonly key: 'validation.sheet' | 'validation.sheet_too_large') {
    super(key);
  }
}

/** A sheet as texts: its header, then its rows (each as long as it is), numbered as the spreadsheet shows them. */
export type Sheet = { header: string[]; rows: { row: number; cells: string[] }[]; format: 'xlsx' | 'csv' };

/** The worksheet's XML may unpack to this much: 20,000 rows of 200 columns of real text fit, a zip bomb does not. */
const SHEET_XML_MAX = 96 * 1024 * 1024;

/**
 * Reads an .xlsx or a .csv, told apart by content (a zip is an .xlsx), never by name. Bounds come first, on what the
 * file declares, before any parser runs: the zip's declared sizes (zip.ts holds every entry to them), then the rows
 * and columns the first worksheet's XML holds, counted on its text. A zip bomb or a million empty rows is refused
 * in milliseconds, before exceljs would build a million row objects.
 */
export async function readSheet(data: Uint8Array): Promise<Sheet> {
  return isZip(data) ? readXlsx(data) : readCsv(data);
}

async function readXlsx(data: Uint8Array): Promise<Sheet> {
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZip(data, (name) => name.startsWith('xl/worksheets/') && name.endsWith('.xml'));
  } catch (error) {
    if (error instanceof ArchiveError) throw new UnreadableSheet('validation.sheet_too_large');
    throw error;
  }
  if (entries.size === 0) throw new UnreadableSheet('validation.sheet');
  for (const xml of entries.values()) {
    if (xml.byteLength > SHEET_XML_MAX) throw new UnreadableSheet('validation.sheet_too_large');
    boundSheetXml(utf8(xml));
  }
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableSheet('validation.sheet');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new UnreadableSheet('validation.sheet');
  const lines: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    lines.push({ row: number, cells: Array.from(cells, (c) => c ?? '') });
  });
  return split(lines, 'xlsx');
}

/** Rows and columns of a worksheet's XML, counted on its text: `<row` elements and the widest `r="XFD1"` reference. */
function boundSheetXml(xml: string): void {
  let rows = 0;
  for (let at = xml.indexOf('<row'); at >= 0; at = xml.indexOf('<row', at + 4)) {
    rows += 1;
    if (rows > SPREADSHEET_ROWS_MAX + 1) throw new UnreadableSheet('validation.sheet_too_large');
  }
  const dimension = /<dimension ref="[A-Z]+\d+:([A-Z]+)(\d+)"/.exec(xml);
  if (dimension && columnNumber(dimension[1]!) > SPREADSHEET_COLUMNS_MAX)
    throw new UnreadableSheet('validation.sheet_too_large');
}

const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/**
 * A cell as text, never evaluated: a formula is read as its text (`=…`), as a person typed it; a date as its ISO
 * day; rich text and links as their text.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${formula}`;
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

/** A CSV: UTF-8 (with or without a BOM), its separator found on its first line, quoted fields and line breaks kept. */
function readCsv(data: Uint8Array): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new UnreadableSheet('validation.sheet');
  }
  if (text.includes('\0')) throw new UnreadableSheet('validation.sheet');
  text = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      to_line: SPREADSHEET_ROWS_MAX + 2,
    });
  } catch {
    throw new UnreadableSheet('validation.sheet');
  }
  if (records.length > SPREADSHEET_ROWS_MAX + 1) throw new UnreadableSheet('validation.sheet_too_large');
  // The apostrophe an export put before a text that would pass for a formula is taken off (decisions §24).
  const lines = records.map((cells, i) => ({ row: i + 1, cells: cells.map(restoreFormulaText) }));
  return split(lines, 'csv');
}

/** The separator of the first line (outside quotes): the most frequent of `,`, `;` and tab; a comma by default. */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [char, count] of counts) if (count > counts.get(best)!) best = char;
  return best;
}

function split(lines: { row: number; cells: string[] }[], format: Sheet['format']): Sheet {
  const [first, ...rest] = lines;
  if (!first) throw new UnreadableSheet('validation.sheet');
  if (first.cells.length > SPREADSHEET_COLUMNS_MAX) throw new UnreadableSheet('validation.sheet_too_large');
  const header = first.cells.map((h) => h.trim());
  const rows = rest
    .map((line) => ({ row: line.row, cells: line.cells.slice(0, header.length).map((c) => c.replace(/\r\n?/g, '\n')) }))
    .filter((line) => line.cells.some((c) => c.trim() !== ''));
  return { header, rows, format };
}
