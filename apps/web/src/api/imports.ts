import type { AnswerEvents, ImportAnswer } from '@reqloom/domain';
import { api } from './client';

/** The two kinds of file a project imports documents from (decisions §14); MS Word is for alpha users. */
export type ImportFormat = 'reqif' | 'msword';

/** What the file picker offers for each kind; the server checks the content itself. */
export const IMPORT_ACCEPT: Record<ImportFormat, string> = {
  reqif: '.reqif,.reqifz',
  msword: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The endings a file of each kind has: a file dropped on the dialog (the picker is not asked) is checked with them. */
export const IMPORT_EXTENSIONS: Record<ImportFormat, readonly string[]> = {
  reqif: ['.reqif', '.reqifz'],
  msword: ['.docx'],
};

export function hasImportExtension(format: ImportFormat, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return IMPORT_EXTENSIONS[format].some((ending) => name.endsWith(ending));
}

/**
 * Uploads a file to import into a project: one multipart call, `project_id` first so that the server can refuse
 * before it reads the file (a non-member, a Word import without the alpha flag), then the file.
 */
export function importDocuments(
  format: ImportFormat,
  projectId: number,
  file: File,
): Promise<ImportAnswer & AnswerEvents> {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('file', file, file.name);
  return api.post<ImportAnswer & AnswerEvents>(`documents/import${format}`, form);
}
