import { eq } from 'drizzle-orm';
import { IMAGE_CONTENT_TYPES, type AttachmentUploaded, type ImageType } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema';
import type { ProjectRow } from '../../policies/project-access';
import { randomToken } from '../../security/tokens';
import type { Work } from '../../core/work';
import { presentAttachment } from './attachments.presenter';

export type ImageUpload = { type: ImageType; data: Buffer; originalName: string };

/**
 * Keeps an image in the database (decisions §15: every instance and every backup has it) under a random name of
 * 256 bits, which the rich text refers to. No fact is recorded: nothing shows an attachment until a description
 * that holds it is saved, and that save sends its own event.
 */
export async function storeAttachment(
  work: Work,
  project: ProjectRow,
  authorId: number,
  upload: ImageUpload,
): Promise<AttachmentUploaded> {
  const [row] = await work.tx
    .insert(attachments)
    .values({
      projectId: project.id,
      fileName: `${randomToken()}.${upload.type}`,
      originalName: upload.originalName,
      contentType: IMAGE_CONTENT_TYPES[upload.type],
      size: upload.data.byteLength,
      data: upload.data,
      authorId,
    })
    .returning({ fileName: attachments.fileName });
  return presentAttachment(row!);
}

/** An attachment to serve: its type and bytes. */
export async function findAttachmentContent(
  db: Db,
  fileName: string,
): Promise<{ contentType: string; data: Uint8Array } | undefined> {
  const [row] = await db
    .select({ contentType: attachments.contentType, data: attachments.data })
    .from(attachments)
    .where(eq(attachments.fileName, fileName))
    .limit(1);
  return row;
}
