import type { AttachmentUploaded } from '@reqloom/domain';

/** The answer to an upload (decisions §6): the stored name, of which the image's src is made. */
export function presentAttachment(row: { fileName: string }): AttachmentUploaded {
  return { fileName: row.fileName };
}
