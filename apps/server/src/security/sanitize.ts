import sanitizeHtml from 'sanitize-html';
import { isAttachmentUrl } from '@reqloom/domain';
import { ROWSPAN_MAX, spanWithin, TABLE_COLUMNS_MAX } from '@reqloom/rich-text';

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
