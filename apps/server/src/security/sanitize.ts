import sanitizeHtml from 'sanitize-html';
import { isAttachmentUrl } from '@reqloom/domain';
import { ROWSPAN_MAX, spanWithin, TABLE_COLUMNS_MAX } from '@reqloom/rich-text';

/** How deep a stored description nests (a table in a list in a table is about a dozen). */
export const NESTING_LIMIT = 64;

// The allow-list matches what the rich-text editor can produce (spec 2, rich-text editor): marks, lists,
// code, tables with merged cells, links and images. Everything else is dropped, its text kept.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
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
    'a',
    'img',
    'mark',
    'sub',
    'sup',
    'span',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'width'],
    ol: ['start'],
    code: ['class'],
    pre: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // An image shows only what was uploaded to the project (decisions §6): a relative /api/attachments/ path, never
  // another host (which would learn who reads the description, and when) nor a data: or javascript: URL.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Deeper elements are dropped, their words kept: the editor never nests this far, and whatever walks a description
  // recursively (the exports, the schema's parser) overflowed the stack on 20,000 nested quotes.
  nestingLimit: NESTING_LIMIT,
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAttachmentUrl(frame.attribs.src ?? ''),
  // Links always open safely in a new tab.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

/**
 * Spans kept within a table of TABLE_COLUMNS_MAX columns (table-spans.ts): a cell spans at most what its row has
 * left. The rows being counted are those of the innermost open table, a table in a cell having its own.
 */
function boundedSpans(): Pick<sanitizeHtml.IOptions, 'onOpenTag' | 'onCloseTag' | 'transformTags'> {
  const tables: { used: number }[] = [{ used: 0 }];
  const current = () => tables[tables.length - 1]!;
  const cell: sanitizeHtml.Transformer = (tagName, attribs) => {
    const table = current();
    const colspan = spanWithin(attribs.colspan ?? 1, Math.max(1, TABLE_COLUMNS_MAX - table.used));
    table.used += colspan;
    const spans = { ...(attribs.colspan !== undefined ? { colspan: String(colspan) } : {}) };
    if (attribs.rowspan !== undefined)
      Object.assign(spans, { rowspan: String(spanWithin(attribs.rowspan, ROWSPAN_MAX)) });
    return { tagName, attribs: { ...attribs, ...spans } };
  };
  return {
    onOpenTag: (name) => {
      if (name === 'table') tables.push({ used: 0 });
      else if (name === 'tr') current().used = 0;
    },
    onCloseTag: (name) => {
      if (name === 'table' && tables.length > 1) tables.pop();
    },
    transformTags: {
      ...OPTIONS.transformTags,
      td: cell,
      th: cell,
      col: (tagName, attribs) => ({
        tagName,
        attribs:
          attribs.span === undefined
            ? attribs
            : { ...attribs, span: String(spanWithin(attribs.span, TABLE_COLUMNS_MAX)) },
      }),
    },
  };
}

/** Sanitises rich text from a client before it is stored. Script, event handlers and javascript: URLs never survive. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, ...boundedSpans() }).trim();
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'col', 'wbr']);

/** Whether stored HTML (the sanitiser's output: tags closed, `>` escaped in values) nests deeper than `limit`. */
function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (selfClosing || VOID_ELEMENTS.has(name!.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > limit) return true;
  }
  return false;
}

/**
 * A stored description as it may be walked recursively: sanitised again when it nests deeper than NESTING_LIMIT (it
 * was stored before the limit), else as it is (one scan of its tags).
 */
export function withinNesting(html: string): string {
  return nestsDeeperThan(html, NESTING_LIMIT) ? sanitizeRichText(html) : html;
}
