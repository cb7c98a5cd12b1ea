import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBatches, type BatchedEvent } from './batches';

const event = (n: number): BatchedEvent => ({ name: 'RequirementUpdated', payload: { n } });
const numbers = (events: BatchedEvent[]) => events.map((e) => e.payload.n as number);

describe('eventBatches', () => {
  let sent: Array<{ projectId: number; origin: string | null; events: number[] }>;
  let batches: ReturnType<typeof eventBatches>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    batches = eventBatches(50, (projectId, origin, events) =>
      sent.push({ projectId, origin, events: numbers(events) }),
    );
  });
  afterEach(() => {
    batches.close();
    vi.useRealTimers();
  });

  it('sends a lone event at once, and those that follow within the window together at its end, in order', () => {
    batches.add(1, null, event(1));
    expect(sent).toEqual([{ projectId: 1, origin: null, events: [1] }]);
    batches.add(1, null, event(2));
    batches.add(1, null, event(3));
    vi.advanceTimersByTime(49);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { projectId: 1, origin: null, events: [1] },
      { projectId: 1, origin: null, events: [2, 3] },
    ]);
    // A batch opens a new window: what follows it still waits.
    batches.add(1, null, event(4));
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(50);
    expect(sent.at(-1)).toEqual({ projectId: 1, origin: null, events: [4] });
    // A quiet window closes it: the next event goes at once again.
    vi.advanceTimersByTime(50);
    batches.add(1, null, event(5));
    expect(sent.at(-1)).toEqual({ projectId: 1, origin: null, events: [5] });
  });

  it('keeps projects apart', () => {
    batches.add(1, null, event(1));
    batches.add(2, null, event(2));
    expect(sent.map((s) => s.projectId)).toEqual([1, 2]);
    batches.add(1, null, event(3));
    batches.add(2, null, event(4));
    vi.advanceTimersByTime(50);
    expect(sent.slice(2)).toEqual([
      { projectId: 1, origin: null, events: [3] },
      { projectId: 2, origin: null, events: [4] },
    ]);
  });

  it('breaks a batch where the origin to skip changes, so that each socket gets all but its own, in order', () => {
    batches.add(1, 'a', event(1));
    batches.add(1, 'a', event(2));
    batches.add(1, 'a', event(3));
    batches.add(1, 'b', event(4));
    batches.add(1, null, event(5));
    batches.add(1, null, event(6));
    batches.add(1, 'a', event(7));
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      { projectId: 1, origin: 'a', events: [1] },
      { projectId: 1, origin: 'a', events: [2, 3] },
      { projectId: 1, origin: 'b', events: [4] },
      { projectId: 1, origin: null, events: [5, 6] },
      { projectId: 1, origin: 'a', events: [7] },
    ]);
  });

  it('sends what waits when asked (before a room changes) and when closed', () => {
    batches.add(1, null, event(1));
    batches.add(1, null, event(2));
    batches.flush(1);
    expect(sent.at(-1)!.events).toEqual([2]);
    batches.add(1, null, event(3));
    batches.close();
    expect(sent.at(-1)!.events).toEqual([3]);
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(3);
  });

  it('makes the window of a busy project twice as long each time, up to the longest, and short again once quiet', () => {
    const long = eventBatches(
      50,
      (projectId, origin, events) => sent.push({ projectId, origin, events: numbers(events) }),
      200,
    );
    let n = 0;
    const busyWindow = (ms: number) => {
      long.add(1, null, event(++n));
      vi.advanceTimersByTime(ms - 1);
      const before = sent.length;
      vi.advanceTimersByTime(1);
      return sent.length - before;
    };
    long.add(1, null, event(++n)); // at once
    expect(sent).toHaveLength(1);
    // Each window ended with an event waiting: 50, then 100, 200 and 200 again.
    expect(busyWindow(50)).toBe(1);
    expect(busyWindow(100)).toBe(1);
    expect(busyWindow(200)).toBe(1);
    expect(busyWindow(200)).toBe(1);
    // The 200 ms window now open ends with nothing waiting: the project is quiet, and the next event goes at once
    // and opens a window of 50 ms again.
    vi.advanceTimersByTime(200);
    long.add(1, null, event(++n));
    expect(sent.at(-1)!.events).toEqual([n]);
    expect(busyWindow(50)).toBe(1);
    // A flush asked for early (a room about to change) does not lengthen the window.
    long.add(1, null, event(++n));
    long.flush(1);
    expect(busyWindow(100)).toBe(1);
    long.close();
  });
});
