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
import { descriptionText, LIST_SEPARATOR, statusWord, type DocumentSheet } from './sheet-data';
import type { Sheet } from './sheet-read';

/**
 * What applying a row does, kept with the plan: the body of a create, or of an update of `requirementId` at the
 * `version` it had when planned (a later change of that requirement makes the apply 409, decisions §19).
 */
export type PlannedChange = {
  row: number;
  requirementId?: number;
  version?: number;
  body: { name?: string; description?: string; status?: number; category_id?: number | null; tags_id?: number[] };
};

/** Where another requirement of the project is, for an id of the sheet that is not of this document. */
export type ElsewhereLookup = (ids: number[]) => Promise<Set<number>>;

const norm = (text: string) => text.replace(/\r\n?/g, '\n').trim();
const fold = (text: string) => text.trim().toLowerCase();

/** The columns of the document's own export, found by header whatever their case and order. */
function columnsOf(sheet: Sheet, doc: DocumentSheet) {
  const at = new Map(sheet.header.map((h, i) => [fold(h), i] as const));
  const find = (...names: string[]) => names.map((n) => at.get(fold(n))).find((i) => i !== undefined);
  return {
    id: find('id', 'identifiant'),
    category: find('category', 'catégorie', 'categorie'),
    name: find('name', 'title', 'nom', 'titre'),
    description: find('description', 'text', 'texte'),
    status: find('status', 'statut'),
    classifiers: doc.classifiers
      .map((c) => ({ classifier: c, index: at.get(fold(c.name)) }))
      .filter((c): c is { classifier: (typeof doc.classifiers)[number]; index: number } => c.index !== undefined),
  };
}

/** Rich text for a plain text typed in a sheet: a paragraph per line, escaped. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = norm(text).split('\n');
  return lines.every((l) => l.trim() === '') ? '' : lines.map((l) => `<p>${escape(l)}</p>`).join('');
}

/**
 * The dry run of a sheet against a document (decisions §24): each row's action, its field diffs and its errors by
 * column, and the changes to keep for the apply. Reads nothing but what it is given, and `elsewhere` for ids that
 * are not of the document.
 */
export async function planSheet(
  sheet: Sheet,
  doc: DocumentSheet,
  lang: Language,
  elsewhere: ElsewhereLookup,
): Promise<{ rows: SpreadsheetPlanRow[]; changes: PlannedChange[] }> {
  const cols = columnsOf(sheet, doc);
  const header = (index: number | undefined, fallback: string) =>
    index === undefined ? fallback : sheet.header[index]!;
  const byId = new Map(doc.requirements.map((r) => [r.id, r]));
  const categoryByRef = new Map(doc.categories.map((c) => [fold(c.reference), c]));
  const categoryRef = new Map(doc.categories.map((c) => [c.id, c.reference]));
  const cell = (cells: string[], index: number | undefined) => (index === undefined ? undefined : (cells[index] ?? ''));

  // Ids given more than once, and ids that are not of this document: looked up once for the whole sheet.
  const idCount = new Map<string, number>();
  for (const { cells } of sheet.rows) {
    const id = cell(cells, cols.id)?.trim();
    if (id) idCount.set(id, (idCount.get(id) ?? 0) + 1);
  }
  const foreign = [...idCount.keys()].filter((id) => /^\d{1,10}$/.test(id) && !byId.has(Number(id))).map(Number);
  const inProject = foreign.length ? await elsewhere(foreign) : new Set<number>();

  const rows: SpreadsheetPlanRow[] = [];
  const changes: PlannedChange[] = [];
  for (const { row, cells } of sheet.rows) {
    const errors: SpreadsheetRowError[] = [];
    const fail = (column: string, code: SpreadsheetRowErrorCode, value: string) =>
      errors.push({ column, code, value, message: translate(lang, `sheet.${code}`, { value }) });

    const idText = cell(cells, cols.id)?.trim() ?? '';
    let current: DocumentSheet['requirements'][number] | undefined;
    if (idText) {
      const id = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN;
      if ((idCount.get(idText) ?? 0) > 1) fail(header(cols.id, 'id'), 'duplicate_id', idText);
      else if (byId.has(id)) current = byId.get(id);
      else fail(header(cols.id, 'id'), inProject.has(id) ? 'other_document' : 'unknown_id', idText);
    }

    const body: PlannedChange['body'] = {};
    const diff: Record<string, SpreadsheetFieldChange> = {};
    const name = cell(cells, cols.name);
    if (name !== undefined) {
      const value = name.replace(/\s+/g, ' ').trim();
      if (!value) fail(header(cols.name, 'name'), 'required', name);
      else if (value.length > NAME_MAX) fail(header(cols.name, 'name'), 'too_long', value.slice(0, 40));
      else if (value !== current?.name) {
        body.name = value;
        diff.name = { old: current?.name ?? '', new: value };
      }
    } else if (!current) fail('name', 'required', '');

    const description = cell(cells, cols.description);
    if (description !== undefined) {
      const before = current ? descriptionText(current.description) : '';
      // The same plain text keeps the rich text as it is: only a changed text is written, as paragraphs.
      if (norm(description) !== before) {
        const html = textToHtml(description);
        if (html.length > RICH_TEXT_MAX) fail(header(cols.description, 'description'), 'too_long', '');
        body.description = html;
        diff.description = { old: before, new: norm(description) };
      }
    }

    const status = cell(cells, cols.status)?.trim();
    if (status) {
      const value = statusFromWord(status);
      if (value === undefined) fail(header(cols.status, 'status'), 'unknown_status', status);
      else if (value !== (current?.status ?? 0)) {
        body.status = value;
        diff.status = { old: current ? statusWord(lang, current.status) : '', new: statusWord(lang, value) };
      }
    }

    const category = cell(cells, cols.category)?.trim();
    if (category !== undefined) {
      const found = category ? categoryByRef.get(fold(category)) : null;
      if (found === undefined) fail(header(cols.category, 'category'), 'unknown_category', category);
      else if ((found?.id ?? null) !== (current?.category_id ?? null)) {
        body.category_id = found?.id ?? null;
        const old = current?.category_id ? (categoryRef.get(current.category_id) ?? '') : '';
        diff.category = { old, new: found?.reference ?? '' };
      }
    }

    // Tags: each classifier's column replaces that classifier's tags; the others' are kept.
    let tags = new Set(current?.tags.map((t) => t.id) ?? []);
    let tagsChanged = false;
    for (const { classifier, index } of cols.classifiers) {
      const titles = (cells[index] ?? '')
        .split(/[;\n]/)
        .map((t) => t.trim())
        .filter(Boolean);
      const wanted = new Set<number>();
      for (const title of titles) {
        const tag = classifier.tags.find((t) => fold(t.title) === fold(title));
        if (tag) wanted.add(tag.id);
        else fail(sheet.header[index]!, 'unknown_tag', title);
      }
      const own = new Set(classifier.tags.map((t) => t.id));
      const before = [...tags].filter((id) => own.has(id));
      if (before.length !== wanted.size || before.some((id) => !wanted.has(id))) {
        tagsChanged = true;
        tags = new Set([...[...tags].filter((id) => !own.has(id)), ...wanted]);
        const title = (id: number) => classifier.tags.find((t) => t.id === id)?.title ?? '';
        diff[classifier.name] = {
          old: before.map(title).join(LIST_SEPARATOR),
          new: [...wanted].map(title).join(LIST_SEPARATOR),
        };
      }
    }
    if (tagsChanged) body.tags_id = [...tags];

    if (errors.length) rows.push({ row, action: 'error', requirement_id: current?.id, errors });
    else if (!current) {
      rows.push({ row, action: 'create', changes: diff });
      changes.push({ row, body });
    } else if (Object.keys(diff).length === 0) rows.push({ row, action: 'unchanged', requirement_id: current.id });
    else {
      rows.push({ row, action: 'update', requirement_id: current.id, changes: diff });
      changes.push({ row, requirementId: current.id, version: current.version, body });
    }
  }
  return { rows, changes };
}
