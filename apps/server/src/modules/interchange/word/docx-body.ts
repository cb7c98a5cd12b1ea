import type { XmlElement } from '../xml/xml-tree';
import type { Block, Cell, Row, Table } from './docx-model';
import { chosenBranch, isAlternateContent, readParagraph, type ReadContext } from './docx-runs';
import { isWNamespace, onOff, wChild, wVal } from './docx-xml';
import type { DocxPackage } from './docx-package';
import type { MediaCollector } from './docx-media';
import { append } from '../append';

// The block level of a body, a table cell or a text box: paragraphs and tables, in reading order, through the
// wrappers Word puts around them (content controls, custom XML, tracked moves). Table-of-contents paragraphs are
// generated text and are left out, as is a content control that holds a table of contents.

function isTocControl(sdt: XmlElement): boolean {
  const gallery = wVal(wChild(wChild(sdt, 'sdtPr'), 'docPartObj'), 'docPartGallery');
  return !!gallery && /table of contents/i.test(gallery);
}

function walk(container: XmlElement, ctx: ReadContext, out: Block[]): void {
  for (const child of container.children) {
    if (typeof child !== 'string') visit(child, ctx, out);
  }
}

function visit(child: XmlElement, ctx: ReadContext, out: Block[]): void {
  if (isAlternateContent(child)) {
    const branch = chosenBranch(child, ctx);
    if (branch) walk(branch, ctx, out);
    return;
  }
  if (!isWNamespace(child.uri)) return;
  switch (child.local) {
    case 'p': {
      // Read even when left out: a field that starts here (a TOC's) must be followed to its end.
      const paragraph = readParagraph(child, ctx);
      if (!paragraph.style.toc) out.push(paragraph);
      break;
    }
    case 'tbl':
      out.push(readTable(child, ctx));
      break;
    case 'sdt':
      if (isTocControl(child)) {
        // Still read (and dropped) for the fields it opens and closes.
        walk(wChild(child, 'sdtContent') ?? child, ctx, []);
      } else walk(wChild(child, 'sdtContent') ?? child, ctx, out);
      break;
    case 'customXml':
    case 'sdtContent':
    case 'ins':
    case 'moveTo':
      walk(child, ctx, out);
      break;
    case 'altChunk':
      ctx.media.leaveOut('Embedded document part (altChunk)', 'alt_chunk');
      break;
    default:
    // sectPr, bookmarks, deleted content, proofing marks.
  }
}

/** Rows and cells may sit inside content controls and custom XML too. */
function unwrap(container: XmlElement, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of container.children) {
    if (typeof child === 'string' || !isWNamespace(child.uri)) continue;
    if (child.local === local) found.push(child);
    else if (child.local === 'sdt') append(found, unwrap(wChild(child, 'sdtContent') ?? child, local));
    else if (child.local === 'customXml' || child.local === 'ins' || child.local === 'moveTo')
      append(found, unwrap(child, local));
  }
  return found;
}

type GridCell = Cell & { column: number; merge?: 'restart' | 'continue' };

function readTable(table: XmlElement, ctx: ReadContext): Table {
  const grid: GridCell[][] = [];
  const rows: Row[] = [];
  for (const tr of unwrap(table, 'tr')) {
    const trPr = wChild(tr, 'trPr');
    if (wChild(trPr, 'del')) continue;
    let column = Number(wVal(trPr, 'gridBefore') ?? 0) || 0;
    const cells: GridCell[] = [];
    for (const tc of unwrap(tr, 'tc')) {
      const tcPr = wChild(tc, 'tcPr');
      const span = Math.max(1, Number(wVal(tcPr, 'gridSpan') ?? 1) || 1);
      const vMerge = wChild(tcPr, 'vMerge');
      const hMerge = wChild(tcPr, 'hMerge');
      const blocks: Block[] = [];
      walk(tc, ctx, blocks);
      if (hMerge && hMerge.attrs.val !== 'restart' && cells.length) {
        // The old way of merging across: this cell widens the one before it.
        cells[cells.length - 1]!.colspan += span;
      } else {
        const merge = vMerge ? (vMerge.attrs.val === 'restart' ? 'restart' : 'continue') : undefined;
        cells.push({ blocks, colspan: span, rowspan: 1, column, ...(merge ? { merge } : {}) });
      }
      column += span;
    }
    grid.push(cells);
    rows.push({ header: onOff(wChild(trPr, 'tblHeader')) === true, cells });
  }
  // A cell merged down continues the cell above it in the same grid column: the first cell of that run, up through
  // the cells that continue it, spans one more row. A row without a cell in the column ends the run. The origin of
  // each column's run is carried from row to row (looking it up through every row above made a long column of merged
  // cells quadratic: 60,000 rows, an 11 kB file, took 34 s).
  let origins = new Map<number, GridCell | null>();
  for (const row of grid) {
    const next = new Map<number, GridCell | null>();
    for (const cell of row) {
      if (cell.merge !== 'continue') next.set(cell.column, cell);
      else {
        const origin = origins.get(cell.column) ?? null;
        if (origin) origin.rowspan += 1;
        next.set(cell.column, origin);
      }
    }
    origins = next;
  }
  for (const row of rows) {
    row.cells = (row.cells as GridCell[])
      .filter((cell) => cell.merge !== 'continue')
      .map(({ blocks, colspan, rowspan }) => ({ blocks, colspan, rowspan }));
  }
  return { kind: 'table', rows };
}

/** The blocks of the document's body, read as the body is parsed. */
export function readBody(pkg: DocxPackage, media: MediaCollector): Block[] {
  const out: Block[] = [];
  let ctx: ReadContext | undefined;
  pkg.readBody((element, namespaces) => {
    ctx ??= {
      pkg,
      media,
      fields: [],
      ns: { ...namespaces },
      readBlocks: (container) => {
        const blocks: Block[] = [];
        walk(container, ctx!, blocks);
        return blocks;
      },
    };
    visit(element, ctx, out);
  });
  return out;
}
