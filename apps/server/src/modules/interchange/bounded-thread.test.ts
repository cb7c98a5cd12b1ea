import { afterEach, describe, expect, it } from 'vitest';
import { BoundedThread } from './bounded-thread';

const threads: BoundedThread<null, { loadedAt: number }>[] = [];
function probe(idleMs?: number | null) {
  const thread = new BoundedThread<null, { loadedAt: number }>({
    task: new URL('../../test/thread-probe-task.ts', import.meta.url),
    name: 'the probe thread',
    limits: { heapMb: 256, timeoutMs: 30_000, idleMs },
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

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('a bounded thread with no job for a while (decisions §26, memory)', () => {
  it('is stopped, and the next job starts a new one', async () => {
    const thread = probe(100);
    expect(thread.running).toBe(false);
    const first = await thread.run(null);
    expect(await until(() => !thread.running)).toBe(true);
    const second = await thread.run(null);
    // A new thread loaded the task module again, after the first job's thread had loaded it.
    expect(second.loadedAt).toBeGreaterThan(first.loadedAt);
  });

  it('is kept while jobs keep coming within the idle time', async () => {
    const thread = probe(1_000);
    const first = await thread.run(null);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await thread.run(null)).loadedAt).toBe(first.loadedAt);
    }
  });

  it('is kept when the server warmed it (WARM_THREADS=true chose speed over memory)', async () => {
    const thread = probe(50);
    await thread.warm();
    await thread.run(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(thread.running).toBe(true);
  });

  it('is kept without an idle time', async () => {
    const thread = probe(null);
    await thread.run(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(thread.running).toBe(true);
  });
});
