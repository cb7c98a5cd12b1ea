import type { Language, MatrixFormat, MatrixPresented } from '@reqloom/domain';
import { matrixFile } from './spreadsheet/matrix-file';
import type { ThreadTask } from './bounded-thread';
import { warmWordExport } from './export-warm-up';
import { writeReqifExport } from './reqif/reqif-export';
import type { ReqifExportData } from './reqif/reqif-export-data';
import type { ExportData } from './word/export-data';
import { buildRedlineDocx, type RedlineInput } from './word/redline';
import { buildReviewWordExport, type ReviewWordInput } from './word/review-word';
import { buildWordExport } from './word/word-export';
import { sheetToCsv, sheetToXlsx } from './spreadsheet/sheet-write';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What the export thread is given: what the server's thread read from the database, and the moment of the export. */
export type ExportInput =
  | { kind: 'msword'; data: ExportData; lang: Language; now: Date }
  | { kind: 'reqif'; data: ReqifExportData; now: Date }
  | { kind: 'redline'; input: RedlineInput }
  | { kind: 'review'; input: ReviewWordInput }
  // A document's spreadsheet and the matrix (decisions §24): 5,000 rows are ~0.4 s of exceljs, kept off the server.
  | { kind: 'sheet'; format: 'xlsx' | 'csv'; name: string; header: string[]; lines: string[][] }
  | { kind: 'matrix'; matrix: MatrixPresented; childDocument: string; format: MatrixFormat; lang: Language };

export type ExportOutput = { data: Uint8Array; extension: 'docx' | 'reqif' | 'reqifz' | 'xlsx' | 'csv' };

/** What the export thread runs (export-off-thread.ts): the file's bytes. Nothing it throws is the caller's doing. */
export const task: ThreadTask<ExportInput, ExportOutput> = {
  async run(input) {
    if (input.kind === 'msword')
      return { data: await buildWordExport(input.data, input.lang, input.now), extension: 'docx' };
    if (input.kind === 'redline') return { data: await buildRedlineDocx(input.input), extension: 'docx' };
    if (input.kind === 'review') return { data: await buildReviewWordExport(input.input), extension: 'docx' };
    if (input.kind === 'sheet') {
      const { format, name, header, lines } = input;
      const data = format === 'xlsx' ? await sheetToXlsx(name, header, lines) : sheetToCsv(header, lines);
      return { data, extension: format };
    }
    if (input.kind === 'matrix') {
      const { data, extension } = await matrixFile(input.matrix, input.childDocument, input.format, input.lang);
      return { data, extension };
    }
    const { data, extension } = writeReqifExport(input.data, input.now);
    return { data, extension };
  },
  refuses: () => false,
  warm: warmWordExport,
};
