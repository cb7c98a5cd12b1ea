import { Worker } from 'node:worker_threads';
import { UnreadableFile, type ImportPlan } from './import-plan';
import type { ImportKind } from './read-plan';

/**
 * Reading a file is synchronous work (XML parsing, unzipping, converting markup): about 0.2 s for a 1.4 MB ReqIF
 * file, seconds for one of 20 MB. Done on the server's thread it would stop every other request for that long, so it
 * runs on a thread of its own, started at the first import and kept (unreferenced: it never keeps the process alive).
 * Files are read one after another; a thread that dies fails what it was reading and is started again next time.
 */
type Pending = { resolve: (plan: ImportPlan) => void; reject: (error: Error) => void };
type Answer = { id: number; plan?: ImportPlan; error?: { unreadable: boolean; message: string } };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function readingThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./read-worker.mjs', import.meta.url), {
    // A reader's memory is bounded by the upload limit and the unzip limits; this bounds a surprise.
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  started.unref();
  started.on('message', ({ id, plan, error }: Answer) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (!p) return;
    if (plan) p.resolve(plan);
    else if (error?.unreadable) p.reject(new UnreadableFile(error.message));
    else p.reject(new Error(`the reading thread failed: ${error?.message}`));
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`the reading thread stopped (${code})`));
  });
  worker = started;
  return started;
}

/** Reads a file into a plan on the reading thread; throws UnreadableFile as the reader would. */
export function readOffThread(kind: ImportKind, data: Uint8Array, fileName: string): Promise<ImportPlan> {
  const thread = readingThread();
  const id = nextId++;
  return new Promise<ImportPlan>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while it reads, so that a script waiting only for this answer is not ended under it.
    thread.ref();
    thread.postMessage({ id, kind, data, fileName });
  });
}
