// The thread that reads import files (read-off-thread.ts). It is plain JavaScript so that it starts the same way
// under tsx (npm start), Vitest and the bench: it registers tsx's loader for itself, then loads the TypeScript readers.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { readPlan, UnreadableFile } = await import('./read-plan.ts');

parentPort.on('message', ({ id, kind, data, fileName }) => {
  // The reading time counts from here (read-off-thread.ts), once the readers are loaded.
  parentPort.postMessage({ id, started: true });
  try {
    parentPort.postMessage({ id, plan: readPlan(kind, data, fileName) });
  } catch (error) {
    const unreadable = error instanceof UnreadableFile;
    parentPort.postMessage({ id, error: { unreadable, message: String(error?.stack ?? error) } });
  }
});
