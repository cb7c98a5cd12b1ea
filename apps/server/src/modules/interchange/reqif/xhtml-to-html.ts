import { IMPORT_IMAGE_SCHEME } from '../import/import-plan';
import { textOf, type XmlElement, type XmlNode } from '../xml/xml-tree';

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** An embedded object's file, looked up by its `data` path in the archive; null when the file does not hold it. */
export type ObjectFiles = {
  /** Registers an image of the archive and answers its plan key, or null when there is no such image. */
  image(path: string, type: string): string | null;
  /** An object that has no image Reqloom can show (OLE, RTF): reported, its text kept. */
  unsupported(path: string, type: string): void;
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

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

function childrenToHtml(element: XmlElement, files: ObjectFiles): string {
  let html = '';
  for (const child of element.children) html += nodeToHtml(child, files);
  return html;
}

/** Wraps runs of inline content of a block container (a div) in paragraphs, as the editor's schema needs. */
function flowToHtml(element: XmlElement, files: ObjectFiles): string {
  let html = '';
  let inline = '';
  const flush = () => {
    if (inline.trim()) html += `<p>${inline.trim()}</p>`;
    inline = '';
  };
  for (const child of element.children) {
    const isBlock = typeof child !== 'string' && child.uri === XHTML_NS && BLOCKS.has(child.local);
    if (isBlock) {
      flush();
      html += nodeToHtml(child, files);
    } else {
      inline += nodeToHtml(child, files);
    }
  }
  flush();
  return html;
}

function nodeToHtml(node: XmlNode, files: ObjectFiles): string {
  if (typeof node === 'string') return escapeText(node.replace(/[\r\n\t ]+/g, ' '));
  if (node.uri !== XHTML_NS) return childrenToHtml(node, files);
  const name = node.local;
  if (name === 'object') return objectToHtml(node, files);
  if (name === 'div' || name === 'dl' || name === 'dd') return flowToHtml(node, files);
  if (name === 'pre') return `<pre>${escapeText(textOf(node))}</pre>`;
  if (name === 'br' || name === 'hr') return `<${name}>`;
  if (name === 'a') {
    const href = node.attrs.href ?? '';
    const inner = childrenToHtml(node, files);
    return href ? `<a href="${escapeAttribute(href)}">${inner}</a>` : inner;
  }
  if (name === 'q') return `“${childrenToHtml(node, files)}”`;
  if (
    name === 'span' ||
    name === 'ins' ||
    name === 'big' ||
    name === 'small' ||
    name === 'abbr' ||
    name === 'acronym'
  ) {
    let inner = childrenToHtml(node, files);
    const style = node.attrs.style ?? '';
    if (INLINE_STYLE.test(style)) inner = `<u>${inner}</u>`;
    if (STRIKE_STYLE.test(style)) inner = `<s>${inner}</s>`;
    if (BOLD_STYLE.test(style)) inner = `<strong>${inner}</strong>`;
    if (ITALIC_STYLE.test(style)) inner = `<em>${inner}</em>`;
    return inner;
  }
  if (name === 'li' || name === 'td' || name === 'th' || name === 'blockquote') {
    const hasBlocks = node.children.some((c) => typeof c !== 'string' && c.uri === XHTML_NS && BLOCKS.has(c.local));
    const inner = hasBlocks ? flowToHtml(node, files) : childrenToHtml(node, files);
    const span = ['colspan', 'rowspan']
      .filter((a) => node.attrs[a] && /^\d{1,3}$/.test(node.attrs[a]))
      .map((a) => ` ${a}="${node.attrs[a]}"`)
      .join('');
    return `<${name}${span}>${inner}</${name}>`;
  }
  if (name === 'ol') {
    const start = node.attrs.start && /^\d{1,6}$/.test(node.attrs.start) ? ` start="${node.attrs.start}"` : '';
    return `<ol${start}>${childrenToHtml(node, files)}</ol>`;
  }
  const tag = SAME.has(name) ? name : RENAMED[name];
  const inner = childrenToHtml(node, files);
  return tag ? `<${tag}>${inner}</${tag}>` : inner;
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
