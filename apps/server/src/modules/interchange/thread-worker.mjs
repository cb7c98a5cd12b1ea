// A bounded thread (bounded-thread.ts). It is plain JavaScript so that it starts the same way under tsx (npm start),
// Vitest and the bench: it registers tsx's loader for itself, then loads its TypeScript task module.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { task } = await import(workerData.task);
// A thread started ahead of its first job (bounded-thread.ts, `warm`) runs the task's own warm-up, if it has one, then
// says it is ready. A warm-up that fails costs nothing but its time: the jobs run as they would have.
if (workerData.warm && task.warm) {
  try {
    await task.warm();
  } catch {
    // Nothing to do: the first job pays what the warm-up did not.
  }
}
parentPort.postMessage({ ready: true });

// One job at a time: the main side sends the next only once this one is answered.
parentPort.on('message', async ({ id, input }) => {
  // The job's time counts from here (bounded-thread.ts), once the task module is loaded.
  parentPort.postMessage({ id, started: true });
  try {
    parentPort.postMessage({ id, output: await task.run(input) });
  } catch (error) {
    const refused = task.refuses(error);
    parentPort.postMessage({
      id,
      error: { refused, message: String((refused ? error?.message : error?.stack) ?? error) },
    });
  }
});
