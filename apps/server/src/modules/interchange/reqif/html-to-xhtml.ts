import { isTag, isText, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { withinNesting } from '../../../security/sanitize';
import { escapeAttribute, escapeText } from '../../../rich-text/escape';

/**
 * A stored (sanitised) description as the XHTML that ReqIF's schema allows (its driver.xsd: the text, hypertext,
 * list, edit, presentation, style-attribute, object and table modules), under the `xhtml:` prefix. The editor's
 * marks that XHTML 1.1 lacks take their XHTML form, which the importer (xhtml-to-html.ts) reads back: `u` is an
 * underlined span, `s` a `del`, `mark` a highlighted span, an image an `object` of the archive's file.
 */

export type ImageFile = { path: string; type: string };

const SAME = new Set([
  'p',
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
  'sub',
  'sup',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'colgroup',
]);
const VOID = new Set(['br', 'hr']);
export const UNDERLINE_STYLE = 'text-decoration: underline';
export const HIGHLIGHT_STYLE = 'background-color: yellow';

function open(name: string, attributes: Record<string, string | undefined> = {}): string {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => ` ${key}="${escapeAttribute(value!)}"`)
    .join('');
  return `<xhtml:${name}${written}>`;
}

function convert(nodes: ChildNode[], images: (src: string) => ImageFile | null): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) {
      out += escapeText(node.data);
      continue;
    }
    if (!isTag(node)) continue;
    const element = node;
    const name = element.name.toLowerCase();
    const inner = () => convert(element.children, images);
    const wrap = (tag: string, attributes?: Record<string, string | undefined>) =>
      `${open(tag, attributes)}${inner()}</xhtml:${tag}>`;
    if (VOID.has(name)) out += `<xhtml:${name}/>`;
    else if (name === 'col')
      out += `<xhtml:col${/^\d{1,4}$/.test(element.attribs.span ?? '') ? ` span="${element.attribs.span}"` : ''}/>`;
    else if (name === 'blockquote') out += `<xhtml:blockquote>${blocks(element.children, images)}</xhtml:blockquote>`;
    else if (SAME.has(name)) out += wrap(name);
    else if (name === 'td' || name === 'th') {
      const span = (attribute: string) =>
        /^\d{1,3}$/.test(element.attribs[attribute] ?? '') ? element.attribs[attribute] : undefined;
      out += wrap(name, { colspan: span('colspan'), rowspan: span('rowspan') });
    } else if (name === 'a') out += wrap('a', { href: element.attribs.href });
    else if (name === 'u') out += wrap('span', { style: UNDERLINE_STYLE });
    else if (name === 'mark') out += wrap('span', { style: HIGHLIGHT_STYLE });
    else if (name === 's') out += wrap('del');
    else if (name === 'img') {
      const file = images(element.attribs.src ?? '');
      const alt = element.attribs.alt || 'Image';
      // An object's content is what a reader shows when it cannot show the object.
      if (file) out += `${open('object', { data: file.path, type: file.type })}${escapeText(alt)}</xhtml:object>`;
      else out += escapeText(alt);
    } else out += inner();
  }
  return out;
}

const BLOCK = new Set(['p', 'pre', 'blockquote', 'ul', 'ol', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/** Content where XHTML wants blocks only (a blockquote): runs of inline content become paragraphs. */
function blocks(nodes: ChildNode[], images: (src: string) => ImageFile | null): string {
  let out = '';
  let run: ChildNode[] = [];
  const flush = () => {
    const inline = convert(run, images);
    if (inline.trim()) out += `<xhtml:p>${inline}</xhtml:p>`;
    run = [];
  };
  for (const node of nodes) {
    if (isTag(node) && BLOCK.has(node.name.toLowerCase())) {
      flush();
      out += convert([node], images);
    } else run.push(node);
  }
  flush();
  return out;
}

/** THE-VALUE's content: one `xhtml:div` around the description (the schema wants exactly one div or p). */
export function htmlToXhtml(html: string, images: (src: string) => ImageFile | null): string {
  // Nested deeper than the sanitiser now keeps (stored before), `convert` would overflow the stack.
  const document = parseDocument(withinNesting(html), { decodeEntities: true });
  return `<xhtml:div>${convert(document.children, images)}</xhtml:div>`;
}
