import { BoundedThread, type Refusal, type ThreadLimits } from '../bounded-thread';
import { UnreadableFile, type ImportPlan } from './import-plan';
import type { ImportKind, ReadInput } from './read-plan';

/**
 * Reading a file is synchronous work (XML parsing, unzipping, converting markup): about 0.2 s for a 1.4 MB ReqIF
 * file, seconds for one of 20 MB. Done on the server's thread it would stop every other request for that long, so it
 * runs on a bounded thread of its own (bounded-thread.ts), files one after another.
 *
 * A file that reaches a bound is unreadable (422), like a broken one: whatever a file holds, its reading ends.
 * Memory: a 100 kB .reqifz of 25 million empty elements filled the thread's heap, and the import was a 500. Time: a
 * file still being read after `timeoutMs` has the thread stopped, so that no file holds every later import behind
 * it, whatever the readers still take quadratic time on.
 */
export type ReadingLimits = ThreadLimits;

export const READING_LIMITS: ReadingLimits = { heapMb: 2048, timeoutMs: 60_000 };

function unreadable(refusal: Refusal): Error {
  switch (refusal.reason) {
    case 'memory':
      return new UnreadableFile('the reading thread ran out of memory');
    case 'time':
      return new UnreadableFile(`still reading after ${refusal.timeoutMs} ms`);
    case 'task':
      return new UnreadableFile(refusal.message);
  }
}

export class ReadingThread {
  private readonly thread: BoundedThread<ReadInput, ImportPlan>;

  constructor(limits: ReadingLimits = READING_LIMITS) {
    this.thread = new BoundedThread({
      task: new URL('./read-plan.ts', import.meta.url),
      name: 'the reading thread',
      limits,
      refusal: unreadable,
    });
  }

  /** Reads a file into a plan on the reading thread; throws UnreadableFile as the reader would. */
  read(kind: ImportKind, data: Uint8Array, fileName: string): Promise<ImportPlan> {
    return this.thread.run({ kind, data, fileName });
  }

  /** Stops the thread (tests); what waits is refused. */
  close(): Promise<void> {
    return this.thread.close();
  }
}

const shared = new ReadingThread();

/** Reads a file into a plan on the shared reading thread; throws UnreadableFile as the reader would. */
export function readOffThread(kind: ImportKind, data: Uint8Array, fileName: string): Promise<ImportPlan> {
  return shared.read(kind, data, fileName);
}
