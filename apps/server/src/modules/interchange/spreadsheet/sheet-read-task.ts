import type { ThreadTask } from '../bounded-thread';
import { readSheet, UnreadableSheet, type Sheet } from './sheet-read';

/** What the sheet reading thread runs (sheet-off-thread.ts): an unreadable sheet is the file's doing, its key kept. */
export const task: ThreadTask<Uint8Array, Sheet> = {
  run: (data) => readSheet(data),
  refuses: (error) => error instanceof UnreadableSheet,
};
