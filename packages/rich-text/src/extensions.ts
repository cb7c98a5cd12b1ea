import type { AnyExtension, Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isAttachmentUrl } from '@reqloom/domain';

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
    TableKit.configure({ table: { resizable: false } }),
    AttachmentImage.configure({ inline: false, allowBase64: false }),
  ];
}
