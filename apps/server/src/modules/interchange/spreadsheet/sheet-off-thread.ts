import { BoundedThread, type Refusal, type ThreadLimits } from '../bounded-thread';
import { UnreadableSheet, type Sheet } from './sheet-read';

/**
 * Reading a sheet is synchronous work that grows with it: unzipping, the bounds counted on the worksheet's XML, then
 * exceljs's parse (a 5,000-row .xlsx is about a second of it). On the server's thread that second would hold every
 * other request, so a sheet is read on a bounded thread of its own (bounded-thread.ts), sheets one after another. The
 * bounds of sheet-read.ts still come first there, before exceljs runs: a zip bomb or a million empty rows is refused
 * in milliseconds. A sheet that fills the thread's heap or outlasts its time is too large (422), like one past the
 * bounds, and the next sheet gets a new thread.
 */
export const SHEET_READING_LIMITS: ThreadLimits = { heapMb: 2048, timeoutMs: 60_000 };

function refused(refusal: Refusal): Error {
  if (refusal.reason === 'task' && refusal.message === 'validation.sheet')
    return new UnreadableSheet('validation.sheet');
  return new UnreadableSheet('validation.sheet_too_large');
}

export class SheetReadingThread {
  private readonly thread: BoundedThread<Uint8Array, Sheet>;

  constructor(limits: ThreadLimits = SHEET_READING_LIMITS) {
    this.thread = new BoundedThread({
      task: new URL('./sheet-read-task.ts', import.meta.url),
      name: 'the sheet reading thread',
      limits,
      refusal: refused,
    });
  }

  /** The sheet's texts, read on the thread; throws UnreadableSheet as `readSheet` would. */
  read(data: Uint8Array): Promise<Sheet> {
    return this.thread.run(data);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

const shared = new SheetReadingThread();

/** Reads a sheet on the shared sheet reading thread; throws UnreadableSheet as `readSheet` would. */
export function readSheetOffThread(data: Uint8Array): Promise<Sheet> {
  return shared.read(data);
}
