import {
  NAME_MAX,
  RICH_TEXT_MAX,
  statusFromWord,
  type Language,
  type SpreadsheetFieldChange,
  type SpreadsheetPlanRow,
  type SpreadsheetRowError,
  type SpreadsheetRowErrorCode,
} from '@reqloom/domain';
import { translate } from '../../../i18n/messages';
import type { PlannedRequirement } from '../import/import-plan';
import { columns } from './foreign-sheet';
import { statusWord } from './sheet-data';
import { textToHtml } from './sheet-plan';
import type { Sheet } from './sheet-read';

/** What applying a row of a new document's plan creates: the requirement, as the import writer takes it. */
export type PlannedNewRow = { row: number; node: PlannedRequirement };

const splitParents = (text: string) =>
  text
    .split(/[;,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * The dry run of a new document from another tool's sheet (decisions §24): each row as the requirement it would
 * create, or its errors by column. Stricter than the direct import, which keeps what it cannot read as attributes:
 * here an unknown status word, an empty name, an id on several rows and a Parent naming no row of the sheet are row
 * errors, for the caller to fix or leave out. The id, the Parent and the other columns are kept as attributes.
 */
export function planForeignSheet(
  sheet: Sheet,
  lang: Language,
): { rows: SpreadsheetPlanRow[]; changes: PlannedNewRow[] } {
  const cols = columns(sheet.header);
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  const header = (index: number, fallback: string) => (index >= 0 ? sheet.header[index]! : fallback);
  const idCount = new Map<string, number>();
  for (const { cells } of sheet.rows) {
    const id = cell(cells, cols.id);
    if (id) idCount.set(id, (idCount.get(id) ?? 0) + 1);
  }

  const rows: SpreadsheetPlanRow[] = [];
  const changes: PlannedNewRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const errors: SpreadsheetRowError[] = [];
    const fail = (column: string, code: SpreadsheetRowErrorCode, value: string) =>
      errors.push({ column, code, value, message: translate(lang, `sheet.${code}`, { value }) });
    const diff: Record<string, SpreadsheetFieldChange> = {};
    const attributes: Record<string, string> = {};
    for (const a of cols.attributes) if (cells[a.index]?.trim()) attributes[a.name] = cells[a.index]!;

    const key = cell(cells, cols.id);
    if (key && (idCount.get(key) ?? 0) > 1) fail(header(cols.id, 'id'), 'duplicate_id', key);
    if (key) attributes[sheet.header[cols.id]!] = key;

    const text = cols.description >= 0 ? (cells[cols.description] ?? '') : '';
    const typed = cell(cells, cols.name).replace(/\s+/g, ' ');
    // A sheet without a name column names each requirement by its text's first line, as the direct import does.
    const name = cols.name >= 0 ? typed : text.split('\n')[0]!.trim();
    if (!name) fail(header(cols.name, 'name'), 'required', '');
    else if (name.length > NAME_MAX) fail(header(cols.name, 'name'), 'too_long', name.slice(0, 40));
    const description = textToHtml(text);
    if (description.length > RICH_TEXT_MAX) fail(header(cols.description, 'description'), 'too_long', '');

    const statusText = cell(cells, cols.status);
    const status = statusText ? statusFromWord(statusText) : undefined;
    if (statusText && status === undefined) fail(header(cols.status, 'status'), 'unknown_status', statusText);

    // The product links only requirements of different documents: the Parent is kept as read, as an attribute, and
    // must name a row of the sheet. Leaving that row out at the apply keeps the child's Parent text as it was read.
    const parentText = cell(cells, cols.parent);
    for (const parent of splitParents(parentText))
      if (!idCount.has(parent)) fail(header(cols.parent, 'parent'), 'unknown_reference', parent);
    if (parentText) attributes[sheet.header[cols.parent]!] = parentText;

    if (errors.length) {
      rows.push({ row, action: 'error', errors });
      continue;
    }
    diff.name = { old: '', new: name };
    if (text.trim()) diff.description = { old: '', new: text.replace(/\r\n?/g, '\n').trim() };
    if (status !== undefined) diff.status = { old: '', new: statusWord(lang, status) };
    for (const [column, value] of Object.entries(attributes)) diff[column] = { old: '', new: value };
    rows.push({ row, action: 'create', changes: diff });
    changes.push({ row, node: { kind: 'requirement', name, description, status, attributes } });
  }
  return { rows, changes };
}
