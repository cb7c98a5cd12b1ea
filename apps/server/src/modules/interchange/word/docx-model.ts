import type { ParagraphStyle, ParaProps } from './docx-styles';

// What the reader makes of a document's body before deciding what is a category, a requirement or a description:
// paragraphs (runs of text with their marks, breaks, images and text boxes) and tables.

export const BOLD = 1;
export const ITALIC = 2;
export const UNDERLINE = 4;
export const STRIKE = 8;
export const SUB = 16;
export const SUP = 32;
export const CODE = 64;

export type TextInline = {
  t: 'text';
  text: string;
  /** BOLD | ITALIC | … */
  marks: number;
  /** Hidden text (`w:vanish`): not shown, but read where an identifier is looked for. */
  hidden: boolean;
  href?: string;
  /** Upper-case hex, when set: the export's own lines are recognised by theirs. */
  color?: string;
  /** Half-points. */
  size?: number;
};

export type Inline =
  | TextInline
  | { t: 'br' }
  /** An image kept in the plan, by its key. */
  | { t: 'image'; key: string; alt: string }
  /** A text box's content (read once: one branch of mc:AlternateContent). */
  | { t: 'box'; blocks: Block[] };

export type Paragraph = {
  kind: 'p';
  inlines: Inline[];
  style: ParagraphStyle;
  /** The style's paragraph properties with the paragraph's own over them. */
  props: ParaProps;
  /** `w:outlineLvl` set on the paragraph itself (not by its style). */
  directOutline?: number;
  /** A list item: its numbering and level, and the level's format ("bullet", "decimal"…). */
  list: { numId: string; ilvl: number; format: string } | null;
  /** Numbering is applied (a list item, or a numbered heading). */
  numbered: boolean;
  /** An empty paragraph with its own bottom border: a horizontal rule. */
  rule: boolean;
};

export type Cell = { blocks: Block[]; colspan: number; rowspan: number };
export type Row = { header: boolean; cells: Cell[] };
export type Table = { kind: 'table'; rows: Row[] };

export type Block = Paragraph | Table;

/** The text as it reads (hidden text left out, or kept with `withHidden`), whitespace collapsed and trimmed. */
export function paragraphText(p: Paragraph, withHidden = false): string {
  const cache = withHidden ? fullTexts : texts;
  let text = cache.get(p);
  if (text === undefined) {
    text = readText(p, withHidden);
    cache.set(p, text);
  }
  return text;
}

// The outline asks a paragraph's text several times (heading? title? status line?): it is worked out once.
const texts = new WeakMap<Paragraph, string>();
const fullTexts = new WeakMap<Paragraph, string>();

function readText(p: Paragraph, withHidden: boolean): string {
  let text = '';
  for (const inline of p.inlines) {
    if (inline.t === 'text' && (withHidden || !inline.hidden)) text += inline.text;
    else if (inline.t === 'br') text += ' ';
  }
  return collapse(text);
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A paragraph with nothing to show: no visible text, image or text box. */
export function isEmptyParagraph(p: Paragraph): boolean {
  for (const inline of p.inlines) {
    if (inline.t === 'image') return false;
    if (inline.t === 'box' && inline.blocks.some((b) => !isEmptyBlock(b))) return false;
    if (inline.t === 'text' && !inline.hidden && inline.text.trim()) return false;
  }
  return true;
}

export function isEmptyBlock(block: Block): boolean {
  if (block.kind === 'p') return !block.rule && isEmptyParagraph(block);
  return block.rows.every((row) => row.cells.every((cell) => cell.blocks.every(isEmptyBlock)));
}

/** The plain text of blocks, paragraphs separated by spaces. */
export function blocksText(blocks: Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'p') parts.push(paragraphText(block));
    else for (const row of block.rows) for (const cell of row.cells) parts.push(blocksText(cell.blocks));
  }
  return collapse(parts.join(' '));
}
