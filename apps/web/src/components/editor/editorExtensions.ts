import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/react';
import { richTextExtensions } from '@reqloom/rich-text';

/**
 * What the editor can write: the shared list of `@reqloom/rich-text`, which the server's allow-list and its
 * collaboration write-back use too, with Mantine's link (the same schema, plus the Ctrl+K link editor).
 */
export function editorExtensions(options: { collaborative?: boolean } = {}): Extensions {
  return richTextExtensions({
    link: Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    undoRedo: !options.collaborative,
  });
}
