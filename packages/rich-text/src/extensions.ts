import type { AnyExtension, Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

export type RichTextOptions = {
  /** The web client passes Mantine's link (same schema, plus its Ctrl+K editor); the server keeps TipTap's own. */
  link?: AnyExtension;
  /** Collaborative editing brings its own history (Yjs undo), so the editor's must be off then. */
  undoRedo?: boolean;
};

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
    Image.configure({ inline: false, allowBase64: false }),
  ];
}
