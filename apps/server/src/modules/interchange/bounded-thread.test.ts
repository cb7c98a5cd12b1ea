import { afterEach, describe, expect, it } from 'vitest';
import { BoundedThread } from './bounded-thread';

const threads: BoundedThread<null, { loadedAt: number }>[] = [];
function probe() {
  const thread = new BoundedThread<null, { loadedAt: number }>({
    task: new URL('../../test/thread-probe-task.ts', import.meta.url),
    name: 'the probe thread',
    limits: { heapMb: 256, timeoutMs: 30_000 },
    refusal: () => new Error('refused'),
  });
  threads.push(thread);
  return thread;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

describe('a bounded thread warmed ahead of its first job', () => {
  // The first Word export took 9.3 s against 0.57 s for the next: it started the thread, which loaded its modules.
  it('has its task module loaded before the first job comes', async () => {
    const thread = probe();
    await thread.warm();
    const asked = Date.now();
    const { loadedAt } = await thread.run(null);
    expect(loadedAt).toBeLessThanOrEqual(asked);
  });

  it('starts no thread once closed: the next job loads its own', async () => {
    const thread = probe();
    await thread.close();
    await thread.warm();
    const asked = Date.now();
    const { loadedAt } = await thread.run(null);
    expect(loadedAt).toBeGreaterThanOrEqual(asked);
  });
});
