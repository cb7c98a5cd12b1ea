import { BOLD, paragraphText, type Paragraph, type Table, type TextInline } from './docx-model';
import { ACCENT, MUTED } from './export-style';
import { exportTexts, type ExportText } from './export-texts';

// Reading back a Word export of Reqloom (word-export.ts): the file says it is one (core properties, creator
// "Reqloom"), its categories are the numbered headings, and what it adds around them is left out: the title page and
// table of contents (before the first heading), the unnumbered chapters (project and document summaries,
// traceability matrices, table of evolutions; only the document summary's description is kept, as the document's),
// and under each requirement its "Status: …" line (read back into the status) and its "Parents:"/"Children:" lines.
// Those lines are recognised by their words, in English or French (export-texts.ts), and by the colour the export
// gives them, which a description cannot have.

export const EXPORT_CREATOR = 'Reqloom';

const LANGUAGES = [exportTexts('en'), exportTexts('fr')];
const words = (...keys: ExportText[]) => new Set(LANGUAGES.flatMap((t) => keys.map((key) => t(key).toLowerCase())));

const STATUS_LABELS = words('status');
const LINK_LABELS = words('parents', 'children');
const DOCUMENT_SUMMARY = words('documentSummary');
const REFERENCE_LABELS = words('reference');
const STATUSES = new Map<string, number>(
  LANGUAGES.flatMap((t) => ([0, 1, 2, 3] as const).map((s) => [t(`status.${s}`).toLowerCase(), s] as const)),
);

function firstShown(p: Paragraph): TextInline | undefined {
  for (const inline of p.inlines) {
    if (inline.t === 'text' && !inline.hidden && inline.text.trim()) return inline;
  }
  return undefined;
}

/** "Label: value" in a paragraph that starts with the export's muted colour. */
function mutedLine(p: Paragraph): { label: string; value: string } | null {
  if (firstShown(p)?.color !== MUTED) return null;
  const match = /^([^:]+?)\s*:\s*(.*)$/.exec(paragraphText(p));
  return match ? { label: match[1]!.toLowerCase(), value: match[2]! } : null;
}

/** A requirement's status line: the status it gives, or null. */
export function exportStatus(p: Paragraph): number | null {
  const line = mutedLine(p);
  if (!line || !STATUS_LABELS.has(line.label)) return null;
  return STATUSES.get(line.value.toLowerCase()) ?? null;
}

/** A requirement's "Parents: …" or "Children: …" line. */
export function isExportLinkLine(p: Paragraph): boolean {
  const line = mutedLine(p);
  return !!line && LINK_LABELS.has(line.label);
}

/** The title page's "Reference: ACRONYM". */
export function exportReference(p: Paragraph): string | null {
  const line = mutedLine(p);
  return line && REFERENCE_LABELS.has(line.label) && /^[A-Z0-9]+$/.test(line.value) ? line.value : null;
}

/** The requirement title's reference is written bold in the accent colour. */
export function isExportTitle(p: Paragraph): boolean {
  const first = firstShown(p);
  return !!first && first.color === ACCENT && (first.marks & BOLD) !== 0;
}

export function isDocumentSummaryHeading(text: string): boolean {
  return DOCUMENT_SUMMARY.has(text.toLowerCase());
}

/** The document summary's table of counts by status, which ends its description. */
export function isStatusCountTable(table: Table): boolean {
  const header = table.rows[0]?.cells.map((cell) =>
    cell.blocks
      .map((b) => (b.kind === 'p' ? paragraphText(b) : ''))
      .join(' ')
      .trim(),
  );
  if (!header || header.length !== 2) return false;
  return LANGUAGES.some((t) => header[0] === t('status') && header[1] === t('count'));
}
