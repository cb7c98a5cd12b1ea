import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/react';
import { richTextExtensions } from '@reqloom/rich-text';
import { ImageUpload, type ImageUploadOptions } from './imageUpload';

/**
 * What the editor can write: the shared list of `@reqloom/rich-text`, which the server's allow-list and its
 * collaboration write-back use too, with Mantine's link (the same schema, plus the Ctrl+K link editor). With
 * `imageUpload`, images dropped or pasted are uploaded and inserted; it adds behaviour, not schema, so a
 * collaborative editor takes it the same way.
 */
export function editorExtensions(
  options: { collaborative?: boolean; imageUpload?: ImageUploadOptions } = {},
): Extensions {
  const extensions = richTextExtensions({
    link: Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    undoRedo: !options.collaborative,
  });
  return options.imageUpload ? [...extensions, ImageUpload.configure(options.imageUpload)] : extensions;
}
