import { Worker } from 'node:worker_threads';
import { UnreadableFile, type ImportPlan } from './import-plan';
import type { ImportKind } from './read-plan';

/**
 * Reading a file is synchronous work (XML parsing, unzipping, converting markup): about 0.2 s for a 1.4 MB ReqIF
 * file, seconds for one of 20 MB. Done on the server's thread it would stop every other request for that long, so it
 * runs on a thread of its own, started at the first import and kept (unreferenced: it never keeps the process alive).
 * Files are read one after another.
 *
 * The thread has bounds, and a file that reaches one is unreadable (422), like a broken one: whatever a file holds,
 * its reading ends. Memory: a file that fills the thread's heap kills the thread (a 100 kB .reqifz of 25 million
 * empty elements did, and the import was a 500). Time: a file still being read after `timeoutMs` has the thread
 * stopped, so that no file holds every later import behind it, whatever the readers still take quadratic time on.
 * The next file gets a new thread.
 */
export type ReadingLimits = { heapMb: number; timeoutMs: number };

export const READING_LIMITS: ReadingLimits = { heapMb: 2048, timeoutMs: 60_000 };

type Job = {
  id: number;
  kind: ImportKind;
  data: Uint8Array;
  fileName: string;
  resolve: (plan: ImportPlan) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};
type Answer = { id: number; started?: true; plan?: ImportPlan; error?: { unreadable: boolean; message: string } };

export class ReadingThread {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;

  constructor(private readonly limits: ReadingLimits = READING_LIMITS) {}

  /** Reads a file into a plan on the reading thread; throws UnreadableFile as the reader would. */
  read(kind: ImportKind, data: Uint8Array, fileName: string): Promise<ImportPlan> {
    return new Promise<ImportPlan>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, kind, data, fileName, resolve, reject });
      this.next();
    });
  }

  /** Stops the thread (tests); what waits is refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the reading thread was closed'));
    if (this.current) this.settle(this.current, new Error('the reading thread was closed'));
    await worker?.terminate();
  }

  private next(): void {
    if (this.current || this.waiting.length === 0) return;
    const job = this.waiting.shift()!;
    this.current = job;
    const worker = this.thread();
    // Referenced while it reads, so that a script waiting only for this answer is not ended under it.
    worker.ref();
    worker.postMessage({ id: job.id, kind: job.kind, data: job.data, fileName: job.fileName });
  }

  /** Ends the current job with its plan or its error, and goes on with the next file. */
  private settle(job: Job, outcome: ImportPlan | Error): void {
    if (this.current !== job) return;
    clearTimeout(job.timer);
    this.current = null;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
    if (this.waiting.length === 0) this.worker?.unref();
    this.next();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const started = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
    });
    started.unref();
    const mine = () => this.worker === started;
    started.on('message', ({ id, started: reading, plan, error }: Answer) => {
      const job = this.current;
      if (!mine() || !job || job.id !== id) return;
      if (reading) {
        // The time counts from here: a new thread's start (loading the readers) is not the file's doing.
        job.timer = setTimeout(() => {
          this.worker = null;
          void started.terminate();
          this.settle(job, new UnreadableFile(`still reading after ${this.limits.timeoutMs} ms`));
        }, this.limits.timeoutMs);
        job.timer.unref();
      } else if (plan) this.settle(job, plan);
      else if (error?.unreadable) this.settle(job, new UnreadableFile(error.message));
      else this.settle(job, new Error(`the reading thread failed: ${error?.message}`));
    });
    started.on('error', (error: Error & { code?: string }) => {
      if (!mine()) return;
      this.worker = null;
      const job = this.current;
      if (!job) return;
      // Out of memory is what the file did to the thread; any other death is ours.
      const outcome =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UnreadableFile('the reading thread ran out of memory') : error;
      this.settle(job, outcome);
    });
    started.on('exit', (code) => {
      if (!mine()) return;
      this.worker = null;
      if (this.current) this.settle(this.current, new Error(`the reading thread stopped (${code})`));
    });
    this.worker = started;
    return started;
  }
}

const shared = new ReadingThread();

/** Reads a file into a plan on the shared reading thread; throws UnreadableFile as the reader would. */
export function readOffThread(kind: ImportKind, data: Uint8Array, fileName: string): Promise<ImportPlan> {
  return shared.read(kind, data, fileName);
}
