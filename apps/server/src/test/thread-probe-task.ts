import type { ThreadTask } from '../modules/interchange/bounded-thread';

// A task module for bounded-thread.test.ts: it answers when it was loaded, so a test can tell whether the thread
// loaded it before the job came.
const loadedAt = Date.now();

export const task: ThreadTask<null, { loadedAt: number }> = {
  run: () => ({ loadedAt }),
  refuses: () => false,
};
