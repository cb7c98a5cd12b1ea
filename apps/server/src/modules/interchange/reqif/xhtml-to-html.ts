import { IMPORT_IMAGE_SCHEME } from '../import/import-plan';
import { textOf, type XmlElement, type XmlNode } from '../xml/xml-tree';
import { escapeAttribute, escapeText } from '../../../rich-text/escape';

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** An embedded object's file, looked up by its `data` path in the archive; null when the file does not hold it. */
export type ObjectFiles = {
  /** Registers an image of the archive and answers its plan key, or null when there is no such image. */
  image(path: string, type: string): string | null;
  /** An object that has no image Reqloom can show (OLE, RTF): reported, its text kept. */
  unsupported(path: string, type: string): void;
};

// XHTML elements of the ReqIF driver schema and what the editor's HTML makes of them. Elements not named here
// keep only their content; the sanitiser then holds the result to the editor's allow-list.
const SAME = new Set([
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'sub',
  'sup',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'colgroup',
]);
const RENAMED: Record<string, string> = {
  tt: 'code',
  kbd: 'code',
  samp: 'code',
  var: 'em',
  dfn: 'em',
  cite: 'em',
  del: 's',
  address: 'p',
  dt: 'p',
  caption: 'p',
};
const BLOCKS = new Set([
  'p',
  'div',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'dl',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'address',
]);
const INLINE_STYLE = /text-decoration\s*:\s*[^;]*underline/i;
const STRIKE_STYLE = /text-decoration\s*:\s*[^;]*line-through/i;
const BOLD_STYLE = /font-weight\s*:\s*(bold|[6-9]00)/i;
const ITALIC_STYLE = /font-style\s*:\s*italic/i;
const HIGHLIGHT_STYLE = /background(-color)?\s*:\s*yellow/i;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The innermost object Reqloom can show (decisions §14 and the fixtures' notes: OLE → PNG → text): an image of the
 * archive, else the fallback text of the innermost object. The outer objects are reported.
 */
function objectToHtml(element: XmlElement, files: ObjectFiles): string {
  const type = (element.attrs.type ?? '').toLowerCase();
  const data = element.attrs.data ?? '';
  const inner = element.children.find((c): c is XmlElement => typeof c !== 'string' && c.local === 'object');
  if (IMAGE_TYPES.has(type) && data) {
    const key = files.image(data, type);
    if (key) {
      const alt = textOf(element).replace(/\s+/g, ' ').trim();
      return `<img src="${IMPORT_IMAGE_SCHEME}${escapeAttribute(key)}" alt="${escapeAttribute(alt)}">`;
    }
  }
  if (inner) {
    const shown = objectToHtml(inner, files);
    if (!IMAGE_TYPES.has(type) && data) files.unsupported(data, type);
    return shown;
  }
  if (data && !IMAGE_TYPES.has(type)) files.unsupported(data, type);
  return escapeText(textOf(element).replace(/\s+/g, ' ').trim());
}

function childrenToHtml(element: XmlElement, files: ObjectFiles, inline: boolean): string {
  let html = '';
  for (const child of element.children) html += nodeToHtml(child, files, inline);
  // Text nodes side by side (the layout between flattened table cells) read as one space, as a browser shows them.
  return inline ? html.replace(/ {2,}/g, ' ') : html;
}

const isBlock = (node: XmlNode): boolean => typeof node !== 'string' && node.uri === XHTML_NS && BLOCKS.has(node.local);

/**
 * A container of blocks (a div, a list item with paragraphs): runs of inline content become paragraphs, as the
 * editor's schema needs, and an image stands on its own, as the editor's images do.
 */
function flowToHtml(element: XmlElement, files: ObjectFiles): string {
  let html = '';
  let inline = '';
  const flush = () => {
    if (inline.trim()) html += `<p>${inline.trim()}</p>`;
    inline = '';
  };
  for (const child of element.children) {
    if (isBlock(child)) {
      flush();
      html += nodeToHtml(child, files, false);
    } else if (typeof child !== 'string' && child.uri === XHTML_NS && child.local === 'object') {
      const shown = objectToHtml(child, files);
      if (shown.startsWith('<img')) {
        flush();
        html += shown;
      } else inline += shown;
    } else {
      inline += nodeToHtml(child, files, true);
    }
  }
  flush();
  return html;
}

/** The inside of a `pre`: its whitespace as it is, its inline marks kept. */
function preToHtml(node: XmlNode): string {
  if (typeof node === 'string') return escapeText(node.replace(/\r\n?/g, '\n'));
  const inner = node.children.map(preToHtml).join('');
  if (node.uri !== XHTML_NS) return inner;
  if (node.local === 'br') return '\n';
  const tag = ['strong', 'em', 'b', 'i', 'code', 'sub', 'sup'].includes(node.local) ? node.local : RENAMED[node.local];
  return tag && tag !== 'p' ? `<${tag}>${inner}</${tag}>` : inner;
}

const cellSpans = (node: XmlElement) =>
  ['colspan', 'rowspan']
    .filter((a) => node.attrs[a] && /^\d{1,3}$/.test(node.attrs[a]))
    .map((a) => ` ${a}="${node.attrs[a]}"`)
    .join('');

/**
 * One node as HTML. `inline` says that only inline content may stand here (inside a paragraph, a heading, a
 * span): a block met there (TC1200 puts headings inside paragraphs) is flattened to its content between line
 * breaks, so that the stored HTML is well nested, reads as the file meant, and exports as valid XHTML.
 */
function nodeToHtml(node: XmlNode, files: ObjectFiles, inline: boolean): string {
  if (typeof node === 'string') return escapeText(node.replace(/[\r\n\t ]+/g, ' '));
  if (node.uri !== XHTML_NS) return childrenToHtml(node, files, inline);
  const name = node.local;
  if (name === 'object') return objectToHtml(node, files);
  if (name === 'br') return '<br>';
  if (inline && (BLOCKS.has(name) || ['li', 'tr', 'caption', 'dt', 'dd'].includes(name))) {
    if (name === 'hr') return '<br>';
    const inner = name === 'pre' ? node.children.map(preToHtml).join('') : childrenToHtml(node, files, true);
    return `<br>${inner}<br>`;
  }
  if (inline && (name === 'td' || name === 'th')) return ` ${childrenToHtml(node, files, true)} `;
  if (name === 'div' || name === 'dl' || name === 'dd') return flowToHtml(node, files);
  if (name === 'p' || name === 'address') {
    if (node.children.some(isBlock)) return flowToHtml(node, files);
    return `<p>${childrenToHtml(node, files, true)}</p>`;
  }
  if (name === 'pre') return `<pre>${node.children.map(preToHtml).join('')}</pre>`;
  if (name === 'hr') return '<hr>';
  if (name === 'col') return /^\d{1,4}$/.test(node.attrs.span ?? '') ? `<col span="${node.attrs.span}">` : '<col>';
  if (name === 'a') {
    const href = node.attrs.href ?? '';
    const inner = childrenToHtml(node, files, true);
    return href ? `<a href="${escapeAttribute(href)}">${inner}</a>` : inner;
  }
  if (name === 'q') return `“${childrenToHtml(node, files, true)}”`;
  if (['span', 'ins', 'big', 'small', 'abbr', 'acronym'].includes(name)) {
    let inner = childrenToHtml(node, files, true);
    const style = node.attrs.style ?? '';
    if (INLINE_STYLE.test(style)) inner = `<u>${inner}</u>`;
    if (STRIKE_STYLE.test(style)) inner = `<s>${inner}</s>`;
    if (BOLD_STYLE.test(style)) inner = `<strong>${inner}</strong>`;
    if (ITALIC_STYLE.test(style)) inner = `<em>${inner}</em>`;
    if (HIGHLIGHT_STYLE.test(style)) inner = `<mark>${inner}</mark>`;
    return inner;
  }
  if (name === 'li' || name === 'td' || name === 'th' || name === 'blockquote') {
    const inner =
      node.children.some(isBlock) || name === 'blockquote'
        ? flowToHtml(node, files)
        : childrenToHtml(node, files, true);
    return `<${name}${name === 'td' || name === 'th' ? cellSpans(node) : ''}>${inner}</${name}>`;
  }
  if (name === 'table') {
    // A caption has no place in the editor's tables: it becomes the paragraph before the table.
    const captions = node.children.filter((c): c is XmlElement => typeof c !== 'string' && c.local === 'caption');
    const before = captions.map((c) => `<p>${childrenToHtml(c, files, true).trim()}</p>`).join('');
    const rest = node.children.filter((c) => !captions.includes(c as XmlElement));
    return `${before}<table>${rest.map((c) => (typeof c === 'string' ? '' : nodeToHtml(c, files, false))).join('')}</table>`;
  }
  if (name === 'ol') {
    const start = node.attrs.start && /^\d{1,6}$/.test(node.attrs.start) ? ` start="${node.attrs.start}"` : '';
    return `<ol${start}>${structure(node, files)}</ol>`;
  }
  if (['ul', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup'].includes(name))
    return `<${name}>${structure(node, files)}</${name}>`;
  const tag = SAME.has(name) ? name : RENAMED[name];
  const inner = childrenToHtml(node, files, true);
  return tag ? `<${tag}>${inner}</${tag}>` : inner;
}

/** The children of a list or a table part: elements only (the text between them is layout). */
function structure(node: XmlElement, files: ObjectFiles): string {
  return node.children.map((c) => (typeof c === 'string' ? '' : nodeToHtml(c, files, false))).join('');
}

/** An ATTRIBUTE-VALUE-XHTML's THE-VALUE as the editor's HTML (unsanitised: the writer sanitises). */
export function xhtmlToHtml(theValue: XmlElement, files: ObjectFiles): string {
  return flowToHtml(theValue, files);
}

/** The plain text of an XHTML value, one line per block: for names. */
export function xhtmlToText(theValue: XmlElement): string {
  const lines: string[] = [];
  let line = '';
  const walk = (node: XmlNode) => {
    if (typeof node === 'string') {
      line += node;
      return;
    }
    const block = BLOCKS.has(node.local) || node.local === 'li' || node.local === 'br' || node.local === 'tr';
    if (block) {
      lines.push(line);
      line = '';
    }
    for (const child of node.children) walk(child);
    if (block) {
      lines.push(line);
      line = '';
    }
  };
  walk(theValue);
  lines.push(line);
  return lines
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
