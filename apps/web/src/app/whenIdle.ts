/**
 * Runs `work` once the browser has nothing more urgent to do (`requestIdleCallback`, or after a second where there
 * is none), for what only a later step needs; answers how to cancel it.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1000);
  return () => window.clearTimeout(id);
}
