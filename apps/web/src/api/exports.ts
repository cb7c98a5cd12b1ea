import type { ExportLinkAnswer } from '@reqloom/domain';
import { api } from './client';

/**
 * Downloads an export (decisions §6): the call answers a one-time link, which the browser then follows as a download;
 * the server names the file after the document.
 */
export async function downloadExport(path: string): Promise<void> {
  const { url } = await api.get<ExportLinkAnswer>(path);
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
