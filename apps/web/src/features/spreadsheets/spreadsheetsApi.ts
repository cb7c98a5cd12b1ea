import type {
  AnswerEvents,
  ApplySpreadsheetAnswer,
  SpreadsheetImportAnswer,
  SpreadsheetPlanAnswer,
} from '@reqloom/domain';
import { api } from '../../api/client';

/** What the file picker offers; the server tells .xlsx from .csv by the content (decisions §24). */
export const SPREADSHEET_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const ENDINGS = ['.xlsx', '.csv'] as const;

/** A file dropped on the dialog skips the picker's filter: it is checked by its name here, by its content there. */
export function isSpreadsheetName(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return ENDINGS.some((ending) => name.endsWith(ending));
}

/** Into an existing document (its rows update or create requirements), or a new document of the project. */
export type SpreadsheetTarget = { documentId: number } | { projectId: number };

export type SpreadsheetPlan = SpreadsheetPlanAnswer['data'];

/**
 * The dry run (decisions §24): the sheet is read and compared, nothing changes. The target's id goes first so that
 * the server can refuse before it reads the file.
 */
export function planSpreadsheet(
  target: SpreadsheetTarget,
  file: File,
): Promise<SpreadsheetImportAnswer & AnswerEvents> {
  const form = new FormData();
  if ('documentId' in target) form.append('document_id', String(target.documentId));
  else {
    // A new document is a dry run too: the rows it would create, applied like an update's plan.
    form.append('project_id', String(target.projectId));
    form.append('dry_run', 'true');
  }
  form.append('file', file, file.name);
  return api.post<SpreadsheetImportAnswer & AnswerEvents>('documents/importxlsx', form);
}

/** Applies the chosen rows of a plan in one transaction; 409 when the document changed since the dry run. */
export function applySpreadsheetPlan(planId: string, rows: readonly number[]) {
  return api.post<ApplySpreadsheetAnswer & AnswerEvents>('documents/importxlsx/apply', { plan_id: planId, rows });
}
