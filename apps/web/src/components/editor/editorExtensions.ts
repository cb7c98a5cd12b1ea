import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/react';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the editor can write (spec 2, rich-text editor): the marks, lists, code, links and tables that the
 * server's allow-list keeps. Images and collaborative editing come later, as extensions added here.
 */
export function editorExtensions(): Extensions {
  return [
    // StarterKit's own link is replaced by Mantine's, which adds the Ctrl+K link editor.
    StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
    Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    TableKit.configure({ table: { resizable: false } }),
  ];
}
