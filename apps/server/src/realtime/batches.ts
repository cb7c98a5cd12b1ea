/** One wire event as a batch carries it. */
export type BatchedEvent = { name: string; payload: Record<string, unknown> };

/** Consecutive events of a project that skip the same origin room (or none): one emit sends them all. */
type Run = { origin: string | null; events: BatchedEvent[] };

export interface EventBatches {
  add(projectId: number, origin: string | null, event: BatchedEvent): void;
  /** Sends what waits for the project now (before its room changes: a member removed, the project deleted). */
  flush(projectId: number): void;
  close(): void;
}

/**
 * Coalesces a project's events for the sockets that asked for batches. Every event costs one WebSocket frame per
 * subscriber, and under load the frames, not the events, are what the server's thread and the browsers spend
 * their time on. The first event after a quiet window goes out at once (a lone edit is not delayed); events that
 * follow within the window wait for its end and go out together, in order. A run breaks where the origin to skip
 * changes, so each socket still receives every event but its own, in the order they were committed.
 *
 * While a project stays busy (each window ends with events waiting) the next window is twice as long, up to
 * `maxWindowMs`; a window that ends with nothing waiting closes, and the next event starts again at `windowMs`.
 * A busy project of 100 subscribers then costs 500 frames a second instead of 2,000: on the virtual machines the
 * bench runs on, each frame is a `writev` that wakes another process, about 0.1 ms of the server's one thread.
 */
export function eventBatches(
  windowMs: number,
  send: (projectId: number, origin: string | null, events: BatchedEvent[]) => void,
  maxWindowMs: number = windowMs,
): EventBatches {
  // A project has a window (its timer and length) while it is open, and pending runs when events came during it.
  const windows = new Map<number, { timer: NodeJS.Timeout; ms: number }>();
  const pending = new Map<number, Run[]>();

  function openWindow(projectId: number, ms: number) {
    windows.set(projectId, { timer: setTimeout(() => flush(projectId, true), ms), ms });
  }

  /** Sends what waits; `ended` when the window ran its course (a busy one doubles), not when asked early. */
  function flush(projectId: number, ended = false) {
    const window = windows.get(projectId);
    clearTimeout(window?.timer);
    windows.delete(projectId);
    const runs = pending.get(projectId);
    if (!runs) return;
    pending.delete(projectId);
    for (const run of runs) send(projectId, run.origin, run.events);
    const ms = window?.ms ?? windowMs;
    openWindow(projectId, ended ? Math.min(ms * 2, Math.max(maxWindowMs, windowMs)) : ms);
  }

  return {
    add(projectId, origin, event) {
      if (!windows.has(projectId)) {
        send(projectId, origin, [event]);
        openWindow(projectId, windowMs);
        return;
      }
      const runs = pending.get(projectId) ?? [];
      const tail = runs.at(-1);
      if (tail && tail.origin === origin) tail.events.push(event);
      else runs.push({ origin, events: [event] });
      pending.set(projectId, runs);
    },
    flush: (projectId) => flush(projectId),
    close() {
      for (const projectId of [...pending.keys()]) flush(projectId);
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
