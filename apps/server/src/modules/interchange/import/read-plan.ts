import { readReqifFile } from '../reqif/reqif-import';
import { readWordFile } from '../word/word-import';
import type { ThreadTask } from '../bounded-thread';
import { UnreadableFile, type ImportPlan } from './import-plan';

export { UnreadableFile } from './import-plan';

export type ImportKind = 'reqif' | 'word';

/** Reads a file into a plan with the reader of its kind. */
export function readPlan(kind: ImportKind, data: Uint8Array, fileName: string): ImportPlan {
  return kind === 'reqif' ? readReqifFile(data) : readWordFile(data, fileName);
}

export type ReadInput = { kind: ImportKind; data: Uint8Array; fileName: string };

/** What the reading thread runs (read-off-thread.ts): an unreadable file is the file's doing. */
export const task: ThreadTask<ReadInput, ImportPlan> = {
  run: ({ kind, data, fileName }) => readPlan(kind, data, fileName),
  refuses: (error) => error instanceof UnreadableFile,
};
