// Kept apart from the schemas (and zod): the editor's schema and the web client need only these.

/** Where attachments are served (decisions §15): the only image source rich text may hold. */
export const ATTACHMENT_PATH = '/api/attachments/';

/** A stored attachment's name: random (it says nothing of the uploader's), with the extension of its type. */
export const ATTACHMENT_FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.(?:png|jpg|gif|webp)$/;

/** The `src` of an image in rich text. */
export const attachmentUrl = (fileName: string): string => `${ATTACHMENT_PATH}${fileName}`;

/** Whether an image source is one of ours, exactly (no other path, query, host or scheme). */
export const isAttachmentUrl = (src: string): boolean =>
  src.startsWith(ATTACHMENT_PATH) && ATTACHMENT_FILE_NAME.test(src.slice(ATTACHMENT_PATH.length));
