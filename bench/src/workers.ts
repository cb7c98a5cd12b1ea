import { Worker } from 'node:worker_threads';
import type { HttpResult, HttpTask, SocketReport, SocketTask, WorkerMessage } from './load-worker';

// The load workers of `npm run bench` (load-worker.ts): HTTP clients, and Socket.IO clients subscribed to a project.

export function runWorker(task: HttpTask): Promise<HttpResult> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    worker.once('message', (message: WorkerMessage) => {
      void worker.terminate();
      if (message.type === 'result') resolve(message.result);
      else reject(new Error(message.type === 'error' ? message.message : `unexpected ${message.type}`));
    });
    worker.once('error', reject);
    worker.postMessage(task);
  });
}

/** Starts the Socket.IO clients; resolves once every one has subscribed. */
export function startSockets(task: SocketTask) {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  const next = () =>
    new Promise<WorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const ready = next().then((m) => {
    if (m.type !== 'ready') throw new Error(m.type === 'error' ? m.message : `unexpected ${m.type}`);
  });
  worker.postMessage(task);
  return {
    ready,
    async expect(writes: HttpResult['writes'], timeoutMs: number): Promise<SocketReport> {
      const answer = next();
      worker.postMessage({ type: 'expect', writes, timeoutMs });
      const m = await answer;
      if (m.type !== 'report') throw new Error(m.type === 'error' ? m.message : `unexpected ${m.type}`);
      return m.report;
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await worker.terminate();
    },
  };
}
