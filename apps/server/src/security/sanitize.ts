import sanitizeHtml from 'sanitize-html';
import { isAttachmentUrl } from '@reqloom/domain';

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

/** Sanitises rich text from a client before it is stored. Script, event handlers and javascript: URLs never survive. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
