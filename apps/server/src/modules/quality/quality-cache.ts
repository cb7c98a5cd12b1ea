import { hash } from 'node:crypto';
import type { QualityResult } from '@reqloom/domain/quality';

/** What a requirement's check depends on: its own text and the rules its project turned off. */
export type QualityKey = { id: number; name: string; description: string; disabled: readonly string[] };

/**
 * The last check of each requirement, kept in memory (decisions §25, docs/decisions.md): a document's quality is read
 * far more often than its requirements change, and the checks (part-of-speech tagging for the passive voice) cost
 * more than the read. Keyed by requirement id, so that a requirement edited a hundred times holds one entry, and
 * valid only for the content hash of its name and description (rich text as stored) with the disabled rules: a
 * change by any path (an edit, the collaborative write-back, an import, a restore) is a miss without being told.
 *
 * Bounded: past `capacity` entries the least recently used goes (a Map keeps insertion order; a hit is moved to
 * the end). Each instance keeps its own; behind a proxy each instance checks a requirement once.
 */
export class QualityCache {
  private readonly entries = new Map<number, { fingerprint: string; result: QualityResult }>();

  constructor(readonly capacity = 100_000) {}

  /** The fingerprint a result is kept under (sha1: ~1 µs a requirement, not a security boundary). */
  static fingerprint(key: QualityKey): string {
    return hash('sha1', `${key.disabled.join(',')}\u0000${key.name}\u0000${key.description}`, 'base64');
  }

  get(id: number, fingerprint: string): QualityResult | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.result;
  }

  set(id: number, fingerprint: string, result: QualityResult): void {
    this.entries.delete(id);
    this.entries.set(id, { fingerprint, result });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
