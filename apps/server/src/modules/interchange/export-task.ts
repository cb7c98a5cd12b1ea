import type { Language } from '@reqloom/domain';
import type { ThreadTask } from './bounded-thread';
import { warmWordExport } from './export-warm-up';
import { writeReqifExport } from './reqif/reqif-export';
import type { ReqifExportData } from './reqif/reqif-export-data';
import type { ExportData } from './word/export-data';
import { buildRedlineDocx, type RedlineInput } from './word/redline';
import { buildReviewWordExport, type ReviewWordInput } from './word/review-word';
import { buildWordExport } from './word/word-export';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What the export thread is given: what the server's thread read from the database, and the moment of the export. */
export type ExportInput =
  | { kind: 'msword'; data: ExportData; lang: Language; now: Date }
  | { kind: 'reqif'; data: ReqifExportData; now: Date }
  | { kind: 'redline'; input: RedlineInput }
  | { kind: 'review'; input: ReviewWordInput };

export type ExportOutput = { data: Uint8Array; extension: 'docx' | 'reqif' | 'reqifz' };

/** What the export thread runs (export-off-thread.ts): the file's bytes. Nothing it throws is the caller's doing. */
export const task: ThreadTask<ExportInput, ExportOutput> = {
  async run(input) {
    if (input.kind === 'msword')
      return { data: await buildWordExport(input.data, input.lang, input.now), extension: 'docx' };
    if (input.kind === 'redline') return { data: await buildRedlineDocx(input.input), extension: 'docx' };
    if (input.kind === 'review') return { data: await buildReviewWordExport(input.input), extension: 'docx' };
    const { data, extension } = writeReqifExport(input.data, input.now);
    return { data, extension };
  },
  refuses: () => false,
  warm: warmWordExport,
};
