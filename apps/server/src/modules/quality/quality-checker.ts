import type { QualityRuleId } from '@reqloom/domain';
import type { QualityResult } from '@reqloom/domain/quality';
import { BoundedThread, type ThreadLimits } from '../interchange/bounded-thread';
import { QualityCache } from './quality-cache';
import { checkStored, type QualityBatch } from './quality-task';

export type QualityCheckerOptions = {
  /** Misses from this many on are checked on the quality thread; fewer, on the server's thread in slices. */
  threadFrom?: number;
  /** The longest the server's thread checks before it lets other requests in (setImmediate). */
  sliceMs?: number;
  cacheSize?: number;
  limits?: ThreadLimits;
  /** Told when the thread failed and the batch was checked on the server's thread instead (logged by the routes). */
  onThreadError?: (error: unknown) => void;
};

/** Time: far more than a 50,000-requirement document takes; memory: a batch's texts and findings, twice over. */
export const QUALITY_LIMITS: ThreadLimits = { heapMb: 512, timeoutMs: 60_000 };

type Stored = { id: number; name: string; description: string };

/**
 * Checks requirements against the quality rules (decisions §25) without holding the server's thread for long.
 *
 * 1. A result is kept per requirement (quality-cache.ts), valid while its name, description and the project's
 *    disabled rules stay the same: a document read again checks only what changed since.
 * 2. What is not kept: up to `threadFrom` requirements (one requirement, a small document, a few edits) are checked
 *    on the server's thread, handing it back to other requests every `sliceMs`; more (a large document read cold)
 *    go to a thread of their own (bounded-thread.ts, as the exports), so that the server answers everyone else
 *    meanwhile. Should the thread fail, the batch is checked in slices here: slower to answer, never refused.
 */
export class QualityChecker {
  private readonly cache: QualityCache;
  private readonly thread: BoundedThread<QualityBatch, QualityResult[]>;
  private readonly threadFrom: number;
  private readonly sliceMs: number;

  constructor(private readonly options: QualityCheckerOptions = {}) {
    this.cache = new QualityCache(options.cacheSize);
    this.threadFrom = options.threadFrom ?? 500;
    this.sliceMs = options.sliceMs ?? 8;
    this.thread = new BoundedThread({
      task: new URL('./quality-task.ts', import.meta.url),
      name: 'the quality thread',
      limits: options.limits ?? QUALITY_LIMITS,
      // The task refuses nothing; a bound broken is answered by checking here (see `offThread`).
      refusal: (refusal) => new Error(`the quality thread stopped: ${refusal.reason}`),
    });
  }

  /** Each requirement's check, in the order given. */
  async check(items: readonly Stored[], disabled: readonly QualityRuleId[]): Promise<QualityResult[]> {
    const off = [...new Set(disabled)].sort();
    const results = new Array<QualityResult>(items.length);
    const misses: number[] = [];
    const fingerprints = items.map((item, i) => {
      const fingerprint = QualityCache.fingerprint({ ...item, disabled: off });
      const kept = this.cache.get(item.id, fingerprint);
      if (kept) results[i] = kept;
      else misses.push(i);
      return fingerprint;
    });
    if (misses.length === 0) return results;
    const batch = misses.map((i) => ({ name: items[i]!.name, description: items[i]!.description }));
    const checked =
      misses.length >= this.threadFrom ? await this.offThread(batch, off) : await this.inSlices(batch, off);
    misses.forEach((i, k) => {
      results[i] = checked[k]!;
      this.cache.set(items[i]!.id, fingerprints[i]!, checked[k]!);
    });
    return results;
  }

  /** Loads the thread ahead of the first large document (main.ts, once listening, with WARM_THREADS=true). */
  warm(): Promise<void> {
    return this.thread.warm();
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async offThread(batch: QualityBatch['items'], disabled: QualityRuleId[]): Promise<QualityResult[]> {
    try {
      return await this.thread.run({ items: batch, disabled });
    } catch (error) {
      this.options.onThreadError?.(error);
      return this.inSlices(batch, disabled);
    }
  }

  private async inSlices(batch: QualityBatch['items'], disabled: QualityRuleId[]): Promise<QualityResult[]> {
    const results: QualityResult[] = [];
    let since = performance.now();
    for (const item of batch) {
      results.push(checkStored(item, disabled));
      if (performance.now() - since < this.sliceMs) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    return results;
  }
}
