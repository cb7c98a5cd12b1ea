import { readReqifFile } from '../reqif/reqif-import';
import { readWordFile } from '../word/word-import';
import type { ImportPlan } from './import-plan';

export { UnreadableFile } from './import-plan';

export type ImportKind = 'reqif' | 'word';

/** Reads a file into a plan with the reader of its kind: what the reading thread runs. */
export function readPlan(kind: ImportKind, data: Uint8Array, fileName: string): ImportPlan {
  return kind === 'reqif' ? readReqifFile(data) : readWordFile(data, fileName);
}
