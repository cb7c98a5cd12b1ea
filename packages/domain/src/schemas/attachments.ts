import { z } from 'zod';
import { ATTACHMENT_FILE_NAME } from '../rules/attachment-path';
import { idSchema } from './fields';

export const attachmentFileNameSchema = z.string().regex(ATTACHMENT_FILE_NAME);

/**
 * The text fields of `POST /api/attachments` (multipart; the file itself is the part `attachment`). `fileName` is
 * the name the person's file had, kept for the record; the answer names the stored one.
 */
export const uploadAttachmentFields = z.object({
  project_id: idSchema,
  fileName: z.string().trim().max(255).optional(),
});
export type UploadAttachmentFields = z.infer<typeof uploadAttachmentFields>;

/** The answer of `POST /api/attachments` (decisions §6): the image's `src` is `attachmentUrl(fileName)`. */
export const attachmentUploaded = z.object({ fileName: attachmentFileNameSchema });
export type AttachmentUploaded = z.infer<typeof attachmentUploaded>;
