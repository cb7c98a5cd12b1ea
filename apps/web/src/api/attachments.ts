import { attachmentUrl, type AttachmentUploaded } from '@reqloom/domain';
import { api } from './client';

/**
 * Uploads an image for rich text of a project (decisions §6: multipart with project_id, fileName, attachment) and
 * answers the `src` the editor puts in its image. The CSRF header and the session go with it like any write.
 */
export async function uploadImage(projectId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('fileName', file.name);
  // The file last: the server checks access as soon as project_id has come, before reading the file.
  form.append('attachment', file, file.name);
  const answer = await api.post<AttachmentUploaded>('attachments', form);
  return attachmentUrl(answer.fileName);
}
