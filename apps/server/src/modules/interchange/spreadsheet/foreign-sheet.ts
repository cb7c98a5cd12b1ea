import { statusFromWord } from '@reqloom/domain';
import type { ImportPlan, PlannedRequirement } from '../import/import-plan';
import { textToHtml } from './sheet-plan';
import type { Sheet } from './sheet-read';

/**
 * The headers another tool's sheet names its columns with (decisions §24), in English and French, whatever their case:
 * ReqView (ID, Heading, Text, Status), Jama (ID, Name, Description, Status), Polarion (ID, Title, Description,
 * Status); whatever else is there becomes a requirement attribute, as the ReqIF import keeps its extra values.
 */
const HEADERS = {
  id: ['id', 'reference', 'ref', 'identifiant', 'référence', 'reference id', 'global id', 'key'],
  name: ['name', 'title', 'heading', 'summary', 'nom', 'titre', 'intitulé'],
  description: ['description', 'text', 'texte'],
  status: ['status', 'statut', 'state', 'état'],
  parent: ['parent', 'parents', 'parent id', 'linked parent'],
} as const;

const fold = (text: string) => text.trim().toLowerCase();

/** The column of each field, the first header that names it; the rest, by index, are attributes. */
export function columns(header: string[]) {
  const folded = header.map(fold);
  const found = Object.fromEntries(
    Object.entries(HEADERS).map(([field, names]) => [
      field,
      folded.findIndex((h) => (names as readonly string[]).includes(h)),
    ]),
  ) as Record<keyof typeof HEADERS, number>;
  const used = new Set(Object.values(found).filter((i) => i >= 0));
  const attributes = header.map((h, i) => ({ name: h, index: i })).filter((a) => !used.has(a.index) && a.name);
  return { ...found, attributes };
}

/** The new document is named after the file. */
export const documentNameOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 255) || 'Spreadsheet';

/**
 * A new document from another tool's sheet, as a plan for the import writer (the Word and ReqIF imports' one): one
 * requirement per row in the sheet's order, its id as the key that `Parent` cells name, a status read as words (one it
 * does not know is kept as an attribute), and every other column kept as an attribute.
 */
export function foreignSheetPlan(sheet: Sheet, fileName: string): ImportPlan {
  const cols = columns(sheet.header);
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  const keys = new Set<string>();
  const nodes: PlannedRequirement[] = [];
  const links: ImportPlan['links'] = [];
  const skipped: ImportPlan['skipped'] = [];
  for (const { row, cells } of sheet.rows) {
    const key = cell(cells, cols.id);
    const text = cols.description >= 0 ? (cells[cols.description] ?? '') : '';
    const name = cell(cells, cols.name).replace(/\s+/g, ' ') || text.split('\n')[0]!.trim().slice(0, 255);
    if (!name) {
      skipped.push({ what: `row ${row}`, reason: 'row_without_name' });
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of cols.attributes) if (cells[a.index]?.trim()) attributes[a.name] = cells[a.index]!;
    const statusText = cell(cells, cols.status);
    const status = statusText ? statusFromWord(statusText) : undefined;
    if (statusText && status === undefined) attributes[sheet.header[cols.status]!] = statusText;
    if (key) attributes[sheet.header[cols.id]!] = key;
    // Kept as read too: the product links only requirements of different documents, so a sheet's own tree is not a link.
    if (cell(cells, cols.parent)) attributes[sheet.header[cols.parent]!] = cell(cells, cols.parent);
    const unique = key && !keys.has(key) ? key : undefined;
    if (unique) keys.add(unique);
    nodes.push({
      kind: 'requirement',
      key: unique,
      name: name.slice(0, 255),
      description: textToHtml(text),
      status,
      attributes,
    });
    for (const parent of cell(cells, cols.parent)
      .split(/[;,\n]/)
      .map((p) => p.trim())
      .filter(Boolean))
      if (unique) links.push({ parent, child: unique });
  }
  const name = documentNameOf(fileName);
  return {
    documents: [{ name, classifiers: [], nodes }],
    // Only links between rows of the sheet: a parent it does not hold is left out (reported).
    links: links.filter((l) => {
      const kept = keys.has(l.parent);
      if (!kept) skipped.push({ what: `${l.child} → ${l.parent}`, reason: 'link_end_missing' });
      return kept;
    }),
    images: [],
    skipped,
  };
}
