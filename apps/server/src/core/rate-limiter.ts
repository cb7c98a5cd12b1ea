/**
 * Fixed-window counters kept in memory. Good for one instance; with several instances behind a
 * load balancer each keeps its own counts (docs/architecture.md, "Server request pipeline").
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private hits = 0;

  /** Counts one hit; answers how long to wait (seconds) when the limit is passed, else null. */
  hit(key: string, limit: number, windowMs = 60_000, now = Date.now()): number | null {
    if (++this.hits % 1000 === 0) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > limit) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    return null;
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
