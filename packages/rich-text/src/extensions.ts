import type { AnyExtension, Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isAttachmentUrl } from '@reqloom/domain';
import { ROWSPAN_MAX, spanWithin, TABLE_COLUMNS_MAX } from './table-spans.js';

export type RichTextOptions = {
  /** The web client passes Mantine's link (same schema, plus its Ctrl+K editor); the server keeps TipTap's own. */
  link?: AnyExtension;
  /** Collaborative editing brings its own history (Yjs undo), so the editor's must be off then. */
  undoRedo?: boolean;
};

/**
 * An image is one of the project's attachments (decisions §6), as the server's sanitiser has it: an image pasted
 * from elsewhere (which the browser's content policy would not load, and the write-back would drop) is left out
 * when it is parsed, in the editor and in the server's HTML-to-shared-document conversion alike.
 */
const AttachmentImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        // The server parses with happy-dom: an element either way, typed loosely since this package has no DOM types.
        getAttrs: (element: { getAttribute(name: string): string | null }) =>
          isAttachmentUrl(element.getAttribute('src') ?? '') ? {} : false,
      },
    ];
  },
});

type Element = { getAttribute(name: string): string | null };

/**
 * A cell's spans as parsed, each within its bound (table-spans.ts): a description stored before the sanitiser bounded
 * them may hold a colspan of 1,000,000,000, and the editor's table map and column group are as wide as it says.
 */
const boundedSpans = {
  colspan: {
    default: 1,
    parseHTML: (element: Element) => spanWithin(element.getAttribute('colspan'), TABLE_COLUMNS_MAX),
  },
  rowspan: { default: 1, parseHTML: (element: Element) => spanWithin(element.getAttribute('rowspan'), ROWSPAN_MAX) },
};
const BoundedTableCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...boundedSpans };
  },
});
const BoundedTableHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...boundedSpans };
  },
});

/**
 * What a description can hold (spec 2, rich-text editor): marks, headings 2–4, lists, code, links, tables and images.
 * One list for the browser's editor and for the server, which turns the shared (Yjs) document into HTML and back:
 * both must agree on the schema, or content the one writes would be dropped by the other. The server's sanitiser
 * allow-list matches it.
 */
export function richTextExtensions(options: RichTextOptions = {}): Extensions {
  return [
    StarterKit.configure({
      link: false,
      heading: { levels: [2, 3, 4] },
      ...(options.undoRedo === false ? { undoRedo: false } : {}),
    }),
    options.link ?? Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    // TableKit's four extensions, in its order, with the cells' spans bounded.
    Table.configure({ resizable: false }),
    BoundedTableCell,
    BoundedTableHeader,
    TableRow,
    AttachmentImage.configure({ inline: false, allowBase64: false }),
  ];
}
