import type { PlannedRequirement, Skipped } from '../import/import-plan';
import { escapeAttribute } from '../../../rich-text/escape';
import { renderBlocks, renderInlines, type RenderOptions } from './docx-html';
import {
  blocksText,
  collapse,
  isEmptyBlock,
  paragraphText,
  type Block,
  type Cell,
  type Inline,
  type Paragraph,
  type Table,
} from './docx-model';

// Requirements written as table rows (decisions §14): a column whose cells start with an identifier (`SSR12`,
// `HS2000.1`: letters, then digits, then optional dotted parts) and a column of text. Each row becomes a requirement
// named by its identifier; its description is the text, then the row's other cells as labelled paragraphs
// ("Heritage: Yes"), the label from the header row, a cell's paragraphs joined with line breaks.
//
// - The identifier may share its cell with the text ("SSR1 The cFE shall…", the cFE's, where "SSR1 " is even hidden
//   text): it is taken out of the text, so that it is not written twice.
// - The identifier column is the leftmost whose non-empty cells, from the first identifier on, are mostly
//   identifiers; rows above the first identifier (at most two) are its header. The text column is the identifier's
//   own when most of its cells hold more than the identifier, else the column whose header names it ("Requirement
//   Text", "Description"), else the other column with the most text.
// - A row without an identifier after the first one is reported and left out (an empty row is ignored): it is
//   usually a sub-heading or a note, and guessing which requirement it belongs to would misplace it.

const IDENTIFIER = /^([A-Za-z][A-Za-z_-]*\d+(?:\.\d+)*)(?=$|[\s:.,;)\]–—-])/;
const MAX_HEADER_ROWS = 2;
/** A header that names the requirement's text ("Requirement Text", "Description", "Exigence"…). */
const TEXT_LABEL = /\b(text|texte|description|statement|shall|libellé|énoncé|exigence)\b/i;

export type RequirementTable = {
  idColumn: number;
  textColumn: number;
  firstRow: number;
  labels: string[];
};

function firstParagraph(cell: Cell | undefined): Paragraph | undefined {
  return cell?.blocks.find((b): b is Paragraph => b.kind === 'p' && paragraphText(b, true) !== '');
}

/** The identifier a cell starts with (hidden text included), or null. */
function identifierOf(cell: Cell | undefined): string | null {
  const first = firstParagraph(cell);
  return first ? (IDENTIFIER.exec(paragraphText(first, true))?.[1] ?? null) : null;
}

function cellText(cell: Cell | undefined): string {
  return cell ? blocksText(cell.blocks) : '';
}

/** The text of a cell past its identifier. */
function textAfterIdentifier(cell: Cell, id: string): string {
  const all = collapse(cell.blocks.map((b) => (b.kind === 'p' ? paragraphText(b, true) : blocksText([b]))).join(' '));
  return all.slice(id.length).replace(/^[\s:.\-–—]+/, '');
}

export function requirementTableOf(table: Table): RequirementTable | null {
  const rows = table.rows;
  const width = Math.max(0, ...rows.map((r) => r.cells.length));
  for (let column = 0; column < width; column++) {
    let firstRow = -1;
    let ids = 0;
    let others = 0;
    let withText = 0;
    for (let r = 0; r < rows.length; r++) {
      const cell = rows[r]!.cells[column];
      const id = identifierOf(cell);
      if (id) {
        if (firstRow < 0) firstRow = r;
        ids += 1;
        if (textAfterIdentifier(cell!, id)) withText += 1;
      } else if (firstRow >= 0 && cellText(cell)) others += 1;
    }
    if (ids === 0 || ids <= others || firstRow > MAX_HEADER_ROWS) continue;
    const header = firstRow > 0 ? rows[firstRow - 1]! : undefined;
    const labels = Array.from({ length: width }, (_, c) => cellText(header?.cells[c]).replace(/\s*:$/, ''));
    let textColumn = column;
    if (withText * 2 < ids) {
      textColumn = labels.findIndex((label, c) => c !== column && TEXT_LABEL.test(label));
      if (textColumn < 0) {
        let most = 0;
        for (let c = 0; c < width; c++) {
          if (c === column) continue;
          const length = rows.slice(firstRow).reduce((sum, row) => sum + cellText(row.cells[c]).length, 0);
          if (length > most) [most, textColumn] = [length, c];
        }
      }
      if (textColumn < 0) textColumn = column;
    }
    return { idColumn: column, textColumn, firstRow, labels };
  }
  return null;
}

/** The paragraph without its leading identifier (and the separator after it), hidden or not. */
function dropIdentifier(p: Paragraph, id: string): Paragraph {
  let raw = '';
  for (const inline of p.inlines) raw += inline.t === 'text' ? inline.text : inline.t === 'br' ? '\n' : '';
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let drop = new RegExp(`^\\s*${escaped}[\\s:.\\-–—]*`).exec(raw)?.[0].length ?? 0;
  const inlines: Inline[] = [];
  for (const inline of p.inlines) {
    if (drop > 0 && inline.t === 'text') {
      const cut = Math.min(drop, inline.text.length);
      drop -= cut;
      if (cut < inline.text.length) inlines.push({ ...inline, text: inline.text.slice(cut) });
    } else if (drop > 0 && inline.t === 'br') drop -= 1;
    else inlines.push(inline);
  }
  return { ...p, inlines };
}

/** A cell as a labelled paragraph, its paragraphs joined with line breaks (or as blocks when it holds more). */
function labelled(label: string, cell: Cell, options: RenderOptions): string {
  const text = cellText(cell);
  const prefix = label && !text.toLowerCase().startsWith(label.toLowerCase()) ? `${escapeAttribute(label)}:` : '';
  const simple = cell.blocks.every(
    (b) => b.kind === 'p' && !b.list && b.inlines.every((i) => i.t === 'text' || i.t === 'br'),
  );
  if (simple) {
    const lines = (cell.blocks as Paragraph[]).map((p) => renderInlines(p.inlines, options)).filter(Boolean);
    return `<p>${prefix ? `<strong>${prefix}</strong> ` : ''}${lines.join('<br>')}</p>`;
  }
  return (prefix ? `<p><strong>${prefix}</strong></p>` : '') + renderBlocks(cell.blocks, options);
}

/** One requirement per row with an identifier; rows without one reported in `skipped`. */
export function tableRequirements(
  table: Table,
  layout: RequirementTable,
  skipped: Skipped[],
  options: RenderOptions = {},
): PlannedRequirement[] {
  const out: PlannedRequirement[] = [];
  for (const row of table.rows.slice(layout.firstRow)) {
    const idCell = row.cells[layout.idColumn];
    const id = identifierOf(idCell);
    if (!id || !idCell) {
      const text = row.cells
        .map((c) => cellText(c))
        .filter(Boolean)
        .join(' | ');
      if (text) {
        skipped.push({
          what: `Table row "${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`,
          reason: 'row_without_id',
        });
      }
      continue;
    }
    const stripped = (cell: Cell): Block[] => {
      const first = firstParagraph(cell);
      return cell.blocks.map((b) => (b === first ? dropIdentifier(b, id) : b)).filter((b) => !isEmptyBlock(b));
    };
    let description = '';
    if (layout.textColumn === layout.idColumn) description += renderBlocks(stripped(idCell), options);
    else {
      const rest = stripped(idCell);
      const textCell = row.cells[layout.textColumn];
      if (textCell) description += renderBlocks(textCell.blocks, options);
      if (rest.length)
        description += labelled(layout.labels[layout.idColumn] ?? '', { ...idCell, blocks: rest }, options);
    }
    row.cells.forEach((cell, column) => {
      if (column === layout.idColumn || column === layout.textColumn || !cellText(cell)) return;
      description += labelled(layout.labels[column] ?? '', cell, options);
    });
    out.push({ kind: 'requirement', name: id, description });
  }
  return out;
}
