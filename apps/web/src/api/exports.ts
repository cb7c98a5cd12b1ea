import type { ExportLinkAnswer } from '@reqloom/domain';
import { api, requestFile } from './client';

/** How long a saved file's object URL is kept: the browser reads it when the download starts, after the click. */
const OBJECT_URL_MS = 60_000;

/**
 * Downloads an export (decisions §6): the call answers a one-time link, and the file is built on the server when
 * the link is followed. The page follows it itself rather than handing it to the browser as a download, so that the
 * promise lasts until the file has come (the caller shows it is busy all that time) and a failure is an ApiError
 * the caller can tell the user about: followed by the browser, a failed download was only an entry in its
 * downloads list. The file is saved under the name the server gave it (the document's).
 */
export async function downloadExport(path: string): Promise<void> {
  const { url } = await api.get<ExportLinkAnswer>(path);
  const file = await requestFile(url);
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_MS);
}
