import { NAME_MAX } from '@reqloom/domain';
import type { PlannedCategory, PlannedNode, PlannedRequirement, Skipped } from '../import/import-plan';
import { renderBlocks, type RenderOptions } from './docx-html';
import { BOLD, blocksText, collapse, isEmptyBlock, paragraphText, type Block, type Paragraph } from './docx-model';
import {
  exportReference,
  exportStatus,
  isDocumentSummaryHeading,
  isExportLinkLine,
  isExportTitle,
  isStatusCountTable,
} from './reqloom-export';
import { requirementTableOf, tableRequirements } from './requirement-tables';
import { append } from '../append';

// From the body's blocks to the document's outline (decisions §8 and §14):
//
// - Headings become nested categories by outline level (see headingLevel). A heading's typed number ("A.2.1",
//   "3.4") is left out of its name, as Word's own numbering is: the tree gives the position.
// - A bold paragraph "REFERENCE - Name" (as the export writes them) starts a requirement with that name; what follows,
//   up to the next such paragraph or heading, is its description.
// - A table of requirements (requirement-tables.ts) gives one requirement per row.
// - Any other content (prose, lists, other tables, figures) describes the category it is under: an SRS's prose
//   explains its requirements, it is not requirements of its own.
// - Before the first heading of a file that has headings is its front matter (title page, revision history,
//   approvals, contents): the title names the document (word-import.ts) and the rest is left out, reported once
//   (`front_matter`). Reqloom keeps a document's history itself, and its export writes its own title page and table
//   of evolutions; in the description it was a squeezed table above every document. A file without headings has no
//   front matter to tell apart: what is not a requirement there describes the document.
// - Reading back a Reqloom export (reqloom-export.ts), its own additions are left out and the status read back.

export type Outline = {
  description: string;
  acronym?: string;
  nodes: PlannedNode[];
  skipped: Skipped[];
};

/** Trimmed, whitespace collapsed, at most NAME_MAX characters (cut with an ellipsis). */
export function cleanName(text: string): string {
  const name = collapse(text);
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
}

/** A name for a requirement that has none: the first words of its description. */
function nameFromText(text: string): string {
  const words = collapse(text).split(' ').slice(0, 12).join(' ');
  return cleanName(words.length > 80 ? `${words.slice(0, 79).trimEnd()}…` : words);
}

/** A typed outline number before a heading's text: "A.1", "A.2.1", "3.4", "2." (a dot makes it a number). */
const TYPED_NUMBER = /^(?:[A-Z]|\d{1,3})(?:\.\d{1,3})*\.?\s+(?=\S)/;

function headingName(text: string, keepNumber: boolean): string {
  const typed = keepNumber ? null : TYPED_NUMBER.exec(text);
  return cleanName(typed && typed[0].includes('.') ? text.slice(typed[0].length) : text);
}

const TITLE = /^([A-Za-z0-9][A-Za-z0-9_.-]*\d)\s+[-–—](?:\s+(.*))?$/;

/** A requirement's title paragraph: all its text bold, "REFERENCE - Name" (the export's reference also coloured). */
function requirementTitle(p: Paragraph, exportMode: boolean): { reference: string; name: string } | null {
  const shown = p.inlines.filter((i) => i.t === 'text' && !i.hidden && i.text.trim());
  if (!shown.length || !shown.every((i) => i.t === 'text' && (i.marks & BOLD) !== 0)) return null;
  if (exportMode && !isExportTitle(p)) return null;
  const match = TITLE.exec(paragraphText(p));
  return match ? { reference: match[1]!, name: cleanName(match[2] ?? '') } : null;
}

type Open = { level: number; category: PlannedCategory | null; blocks: Block[]; children: PlannedNode[] };

export function buildOutline(blocks: Block[], exportMode: boolean, exclude: Set<Block>): Outline {
  const options: RenderOptions = { exportHeadings: exportMode };
  const skipped: Skipped[] = [];
  const nodes: PlannedNode[] = [];
  const stack: Open[] = [{ level: -1, category: null, blocks: [], children: nodes }];
  const summary: Block[] = [];
  let acronym: string | undefined;
  let requirement: { node: PlannedRequirement; blocks: Block[]; reference: string } | null = null;
  let pending: Block[] = [];
  let seenHeading = false;
  let part: 'content' | 'skip' | 'summary' = exportMode ? 'skip' : 'content';

  const top = () => stack[stack.length - 1]!;
  const flushPending = () => {
    append(top().blocks, pending);
    pending = [];
  };
  const closeRequirement = () => {
    if (!requirement) return;
    const { node, blocks: own, reference } = requirement;
    node.description = renderBlocks(own, options);
    if (!node.name) node.name = nameFromText(blocksText(own)) || cleanName(reference);
    requirement = null;
  };
  const closeCategory = (open: Open) => {
    const description = renderBlocks(open.blocks, options);
    if (open.category && description) open.category.description = description;
  };

  /**
   * The outline level of a paragraph, or null for body text. A heading style (outline level in the style, built-in
   * Heading 1–9, or a custom name like "HDR 1.1") decides; a paragraph's own outline level overrides it. An outline
   * level set on a paragraph without a heading style counts only once the body has begun (after the first styled
   * heading): before it, it marks title-page text for Word's navigation pane (the cFE cover's agency, centre and
   * version lines), which belongs to the document's description, not to empty categories. An export's categories
   * are its numbered headings, at their numbering level (Word's styles stop at Heading 6, its numbering does not).
   */
  const headingLevel = (p: Paragraph): number | null => {
    if (!paragraphText(p)) return null;
    if (exportMode) {
      if (p.style.level === null) return null;
      return p.numbered ? (p.props.ilvl ?? p.style.level) : p.style.level;
    }
    if (p.directOutline !== undefined) {
      if (p.directOutline > 8) return null;
      return p.style.level !== null || seenHeading ? p.directOutline : null;
    }
    return p.style.level;
  };

  for (const block of blocks) {
    if (exclude.has(block)) continue;
    const p = block.kind === 'p' ? block : null;
    const level = p ? headingLevel(p) : null;
    if (p && level !== null) {
      closeRequirement();
      flushPending();
      if (!seenHeading && !exportMode) {
        const left = frontMatterSkipped(stack[0]!.blocks.splice(0));
        if (left) skipped.push(left);
      }
      seenHeading = true;
      if (exportMode && !p.numbered) {
        // An export's own chapter; only the document summary's description is kept.
        part = isDocumentSummaryHeading(paragraphText(p)) ? 'summary' : 'skip';
        continue;
      }
      part = 'content';
      while (top().level >= level) closeCategory(stack.pop()!);
      const category: PlannedCategory = {
        kind: 'category',
        name: headingName(paragraphText(p), exportMode),
        children: [],
      };
      top().children.push(category);
      stack.push({ level, category, blocks: [], children: category.children });
      continue;
    }
    if (exportMode) {
      if (!seenHeading && p) acronym ??= exportReference(p) ?? undefined;
      if (part === 'summary') {
        if (block.kind === 'table' && isStatusCountTable(block)) part = 'skip';
        else summary.push(block);
        continue;
      }
      if (part === 'skip') continue;
      const status = p ? exportStatus(p) : null;
      if (status !== null) {
        if (!requirement && pending.some((b) => !isEmptyBlock(b))) {
          // Exported without titles: the content since the last requirement is one, named by its first words.
          const node: PlannedRequirement = { kind: 'requirement', name: '', description: '' };
          top().children.push(node);
          requirement = { node, blocks: pending, reference: '' };
          pending = [];
        }
        if (requirement) requirement.node.status = status;
        closeRequirement();
        continue;
      }
      if (p && isExportLinkLine(p)) continue;
    }
    const title = p ? requirementTitle(p, exportMode) : null;
    if (title) {
      closeRequirement();
      flushPending();
      const node: PlannedRequirement = { kind: 'requirement', name: title.name, description: '' };
      top().children.push(node);
      requirement = { node, blocks: [], reference: title.reference };
      if (exportMode) acronym = recoverAcronyms(title.reference, stack, acronym);
      continue;
    }
    if (block.kind === 'table' && !exportMode && !requirement) {
      const layout = requirementTableOf(block);
      if (layout) {
        flushPending();
        append(top().children, tableRequirements(block, layout, skipped, options));
        continue;
      }
    }
    if (requirement) requirement.blocks.push(block);
    else pending.push(block);
  }
  closeRequirement();
  flushPending();
  while (stack.length > 1) closeCategory(stack.pop()!);
  const description = renderBlocks(exportMode ? summary : stack[0]!.blocks, options);
  return { description, nodes, skipped, ...(acronym ? { acronym } : {}) };
}

/** The report's line for a front matter left out: its first words, so that the reader knows what it was. */
function frontMatterSkipped(blocks: Block[]): Skipped | null {
  if (blocks.every(isEmptyBlock)) return null;
  const words = blocksText(blocks) || '…';
  return { what: `“${words.length > 80 ? `${words.slice(0, 79).trimEnd()}…` : words}”`, reason: 'front_matter' };
}

/**
 * An export's reference is the document's acronym, each category's down to the requirement's, and a number
 * (`SRS_INT_HW_001`): when it has one part per level, it gives the categories (and the document) their acronyms.
 */
function recoverAcronyms(reference: string, stack: Open[], acronym: string | undefined): string | undefined {
  const parts = reference.split('_');
  const chain = stack.slice(1).map((open) => open.category!);
  if (parts.length !== chain.length + 2 || !parts.every((part) => /^[A-Z0-9]+$/.test(part))) return acronym;
  chain.forEach((category, i) => (category.acronym ??= parts[i + 1]));
  return acronym ?? parts[0];
}
