import { IMPORT_IMAGE_SCHEME } from '../import/import-plan';
import {
  BOLD,
  CODE,
  isEmptyBlock,
  ITALIC,
  STRIKE,
  SUB,
  SUP,
  UNDERLINE,
  type Block,
  type Inline,
  type Paragraph,
  type Table,
} from './docx-model';
import { escapeAttribute } from '../../../rich-text/escape';

// Blocks as the HTML of a description, in the elements the editor holds: p, strong, em, u, s, code, sub, sup, a,
// br, ul/ol/li (from Word numbering, nested by level), table/tr/th/td (with spans), pre, blockquote, hr, img.
// Whitespace is collapsed as a browser would show it; empty paragraphs are left out.

export type RenderOptions = {
  /** A Reqloom export writes a description's headings as bold paragraphs of a given size kept with the next. */
  exportHeadings?: boolean;
  /** In a header cell whose text is all bold, the bold is the header's own look, not emphasis. */
  dropBold?: boolean;
};

const MARK_TAGS: [number, string][] = [
  [BOLD, 'strong'],
  [ITALIC, 'em'],
  [UNDERLINE, 'u'],
  [STRIKE, 's'],
  [SUB, 'sub'],
  [SUP, 'sup'],
  [CODE, 'code'],
];

type Token = { text: string; marks: number; href?: string } | 'br';

/** Inline content as HTML (no enclosing element); hidden text, images and text boxes are not inline here. */
export function renderInlines(inlines: Inline[], options: RenderOptions = {}): string {
  const tokens: Token[] = [];
  let lineStart = true;
  const trimLast = () => {
    const last = tokens[tokens.length - 1];
    if (last && last !== 'br') {
      last.text = last.text.replace(/ $/, '');
      if (!last.text) tokens.pop();
    }
  };
  for (const inline of inlines) {
    if (inline.t === 'br') {
      trimLast();
      tokens.push('br');
      lineStart = true;
      continue;
    }
    if (inline.t !== 'text' || inline.hidden) continue;
    let text = inline.text.replace(/\s+/g, ' ');
    const last = tokens[tokens.length - 1];
    if (lineStart || (last && last !== 'br' && last.text.endsWith(' '))) text = text.replace(/^ /, '');
    if (!text) continue;
    let marks = options.dropBold ? inline.marks & ~BOLD : inline.marks;
    // A link's underline is the look of links (Word's Hyperlink style), not a mark of its own.
    if (inline.href) marks &= ~UNDERLINE;
    // Marks on spaces alone only break words apart in the HTML.
    if (!text.trim()) marks = 0;
    if (last && last !== 'br' && last.marks === marks && last.href === inline.href) last.text += text;
    else tokens.push({ text, marks, ...(inline.href ? { href: inline.href } : {}) });
    lineStart = false;
  }
  trimLast();
  // Breaks at the ends are left out: counted, not shifted off one by one (each shift moved all the rest, so a
  // paragraph of n leading breaks cost n²).
  let first = 0;
  while (tokens[first] === 'br') first += 1;
  while (tokens.length > first && tokens[tokens.length - 1] === 'br') tokens.pop();
  let html = '';
  for (let i = first; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === 'br') {
      html += '<br>';
      continue;
    }
    let piece = escapeAttribute(token.text);
    for (let i = MARK_TAGS.length - 1; i >= 0; i--) {
      const [mark, tag] = MARK_TAGS[i]!;
      if (token.marks & mark) piece = `<${tag}>${piece}</${tag}>`;
    }
    if (token.href) piece = `<a href="${escapeAttribute(token.href)}">${piece}</a>`;
    html += piece;
  }
  return html;
}

function imageHtml(key: string, alt: string): string {
  return `<img src="${IMPORT_IMAGE_SCHEME}${escapeAttribute(key)}"${alt ? ` alt="${escapeAttribute(alt)}"` : ''}>`;
}

function isSimple(blocks: Block[]): blocks is Paragraph[] {
  return blocks.every((b) => b.kind === 'p' && !b.list && b.inlines.every((i) => i.t === 'text' || i.t === 'br'));
}

/** A text box: its paragraphs as lines of one paragraph, so that a diagram's labels stay apart and readable. */
function textBoxHtml(blocks: Block[], options: RenderOptions): string {
  if (!isSimple(blocks)) return renderBlocks(blocks, options);
  const lines = blocks.map((p) => renderInlines(p.inlines, options)).filter(Boolean);
  return lines.length ? `<p>${lines.join('<br>')}</p>` : '';
}

/** A paragraph in `tag`, split where it holds an image or a text box (those are blocks in a description). */
export function paragraphHtml(p: Paragraph, tag: string, options: RenderOptions): string {
  let html = '';
  let run: Inline[] = [];
  const flush = () => {
    const inner = renderInlines(run, options);
    if (inner) html += tag ? `<${tag}>${inner}</${tag}>` : inner;
    run = [];
  };
  for (const inline of p.inlines) {
    if (inline.t === 'image') {
      flush();
      html += imageHtml(inline.key, inline.alt);
    } else if (inline.t === 'box') {
      flush();
      html += textBoxHtml(inline.blocks, options);
    } else run.push(inline);
  }
  flush();
  return html;
}

type Kind = 'p' | 'list' | 'pre' | 'quote' | 'rule' | 'h2' | 'h3' | 'h4';

function kindOf(p: Paragraph, options: RenderOptions): Kind {
  if (p.rule) return 'rule';
  if (p.list) return 'list';
  const shown = p.inlines.filter((i) => i.t === 'text' && !i.hidden && i.text.trim());
  const all = (test: (i: Inline) => boolean) => shown.length > 0 && shown.every(test);
  if (all((i) => i.t === 'text' && (i.marks & CODE) !== 0) && (p.props.shaded || p.props.borderLeft || p.style.code)) {
    return 'pre';
  }
  if (p.style.quote || (p.props.borderLeft && (p.props.indentLeft ?? 0) > 0)) return 'quote';
  if (options.exportHeadings && p.props.keepNext && all((i) => i.t === 'text' && (i.marks & BOLD) !== 0)) {
    const size = shown[0]!.t === 'text' ? shown[0]!.size : undefined;
    if (all((i) => i.t === 'text' && i.size === size)) {
      if (size === 26) return 'h2';
      if (size === 24) return 'h3';
      if (size === 22) return 'h4';
    }
  }
  return 'p';
}

function preText(p: Paragraph): string {
  let text = '';
  for (const inline of p.inlines) {
    if (inline.t === 'br') text += '\n';
    else if (inline.t === 'text' && !inline.hidden) text += inline.text;
  }
  return text;
}

type ListNode = { ordered: boolean; numId: string; ilvl: number; items: { html: string; lists: ListNode[] }[] };

function listHtml(list: ListNode): string {
  const tag = list.ordered ? 'ol' : 'ul';
  const items = list.items.map((item) => `<li>${item.html || '<p></p>'}${item.lists.map(listHtml).join('')}</li>`);
  return `<${tag}>${items.join('')}</${tag}>`;
}

/** Consecutive list paragraphs as nested lists: a deeper level opens a list in the item before it. */
function renderList(items: Paragraph[], options: RenderOptions): string {
  const roots: ListNode[] = [];
  const stack: ListNode[] = [];
  for (const p of items) {
    const { numId, ilvl, format } = p.list!;
    const ordered = format !== 'bullet';
    while (stack.length && stack[stack.length - 1]!.ilvl > ilvl) stack.pop();
    let top = stack[stack.length - 1];
    // Another kind of list, or another numbered list, at the same level is a list of its own.
    if (top && top.ilvl === ilvl && (top.ordered !== ordered || (ordered && top.numId !== numId))) {
      stack.pop();
      top = stack[stack.length - 1];
      const fresh: ListNode = { ordered, numId, ilvl, items: [] };
      if (top) top.items[top.items.length - 1]!.lists.push(fresh);
      else roots.push(fresh);
      stack.push(fresh);
      top = fresh;
    } else if (!top || top.ilvl < ilvl) {
      const fresh: ListNode = { ordered, numId, ilvl, items: [] };
      if (top) top.items[top.items.length - 1]!.lists.push(fresh);
      else roots.push(fresh);
      stack.push(fresh);
      top = fresh;
    }
    top.items.push({ html: paragraphHtml(p, 'p', options), lists: [] });
  }
  return roots.map(listHtml).join('');
}

function renderTable(table: Table, options: RenderOptions): string {
  const rows = table.rows.map((row) => {
    const cells = row.cells.map((cell) => {
      const tag = row.header ? 'th' : 'td';
      const shown = cell.blocks.flatMap((b) =>
        b.kind === 'p' ? b.inlines.filter((i) => i.t === 'text' && !i.hidden && i.text.trim()) : [],
      );
      const allBold = shown.length > 0 && shown.every((i) => i.t === 'text' && (i.marks & BOLD) !== 0);
      const inner = renderBlocks(cell.blocks, { ...options, dropBold: row.header && allBold });
      const spans =
        (cell.colspan > 1 ? ` colspan="${cell.colspan}"` : '') + (cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : '');
      return `<${tag}${spans}>${inner || '<p></p>'}</${tag}>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table><tbody>${rows.join('')}</tbody></table>`;
}

/** Blocks as description HTML. */
export function renderBlocks(blocks: Block[], options: RenderOptions = {}): string {
  let html = '';
  let i = 0;
  while (i < blocks.length) {
    const block = blocks[i]!;
    if (block.kind === 'table') {
      if (!isEmptyBlock(block)) html += renderTable(block, options);
      i += 1;
      continue;
    }
    const kind = kindOf(block, options);
    if (kind === 'list' || kind === 'pre' || kind === 'quote') {
      // A run of the same kind; empty paragraphs between list items do not end the list.
      const run: Paragraph[] = [];
      while (i < blocks.length) {
        const next = blocks[i]!;
        if (next.kind !== 'p') break;
        const nextKind = kindOf(next, options);
        if (nextKind === kind) {
          if (kind !== 'list' || !isEmptyBlock(next)) run.push(next);
          i += 1;
        } else if (kind === 'list' && isEmptyBlock(next)) {
          let after = i + 1;
          while (after < blocks.length && isEmptyBlock(blocks[after]!)) after += 1;
          const following = blocks[after];
          if (following?.kind === 'p' && kindOf(following, options) === 'list') i = after;
          else break;
        } else break;
      }
      if (kind === 'list') html += renderList(run, options);
      else if (kind === 'pre') html += `<pre><code>${escapeAttribute(run.map(preText).join('\n'))}</code></pre>`;
      else {
        const inner = run.map((p) => paragraphHtml(p, 'p', options)).join('');
        if (inner) html += `<blockquote>${inner}</blockquote>`;
      }
      continue;
    }
    if (kind === 'rule') html += '<hr>';
    else html += paragraphHtml(block, kind, kind === 'p' ? options : { ...options, dropBold: true });
    i += 1;
  }
  return html;
}
