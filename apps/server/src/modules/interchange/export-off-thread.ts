import { invalidMessage } from '../../core/errors';
import { BoundedThread, type Refusal, type ThreadLimits } from './bounded-thread';
import type { ExportInput, ExportOutput } from './export-task';

/**
 * Building an export file is synchronous work that grows with the document: every description is parsed, then the
 * package is laid out (0.8–1.3 s for an ordinary 1,000-requirement document's Word export; 25 s for a document
 * holding two descriptions of 100,000 paragraphs, during which the server answered nobody). So the server's thread
 * only reads the data (asynchronous I/O) and an export thread of its own builds the file (bounded-thread.ts), exports
 * one after another.
 *
 * A document whose file outgrows the thread's heap or time is refused with 422 "too large to export", in the
 * caller's language, never a 500 nor a dead server; the next export gets a new thread.
 */
export const EXPORT_LIMITS: ThreadLimits = { heapMb: 2048, timeoutMs: 60_000 };

function tooLarge(refusal: Refusal): Error {
  switch (refusal.reason) {
    case 'memory':
    case 'time':
      return invalidMessage('export.too_large');
    case 'task':
      // The task refuses nothing (export-task.ts); were it to, it would be our failure, not the document's.
      return new Error(`the export thread refused: ${refusal.message}`);
  }
}

export class ExportThread {
  private readonly thread: BoundedThread<ExportInput, ExportOutput>;

  constructor(limits: ThreadLimits = EXPORT_LIMITS) {
    this.thread = new BoundedThread({
      task: new URL('./export-task.ts', import.meta.url),
      name: 'the export thread',
      limits,
      refusal: tooLarge,
    });
  }

  /** The file's bytes, built on the export thread; throws the 422 past a bound. */
  async build(input: ExportInput): Promise<{ data: Buffer; extension: ExportOutput['extension'] }> {
    const { data, extension } = await this.thread.run(input);
    // The answer crossed threads as a copy: a Uint8Array over memory of its own, which a Buffer takes as it is.
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), extension };
  }

  /** Loads the thread ahead of the first export (main.ts, once listening, with WARM_THREADS=true); see BoundedThread.warm. */
  warm(): Promise<void> {
    return this.thread.warm();
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
