/**
 * Reads started before the screens that make them exist (`app/earlyStart.ts`: from the address alone, while the
 * first script still runs). The first call of the same path takes the answer on its way instead of asking again;
 * it is taken once, and only within `EARLY_READ_TTL_MS` of its start, so that nothing reads an old answer later.
 */
export const EARLY_READ_TTL_MS = 10_000;

interface EarlyRead {
  answer: Promise<unknown>;
  startedAt: number;
}

const reads = new Map<string, EarlyRead>();

/** Keeps a read on its way under its path; one already kept for that path stays. */
export function keepEarlyRead(path: string, answer: Promise<unknown>, now = Date.now()): void {
  // Nobody may take it: its failure is then nobody's, not an unhandled rejection.
  answer.catch(() => undefined);
  if (!reads.has(path)) reads.set(path, { answer, startedAt: now });
}

/** The answer of a kept read, left in place. */
export function peekEarlyRead(path: string): Promise<unknown> | undefined {
  return reads.get(path)?.answer;
}

/** The answer of an early read of `path`, once; undefined when there is none or it has grown too old. */
export function takeEarlyRead(path: string, now = Date.now()): Promise<unknown> | undefined {
  const read = reads.get(path);
  if (!read) return undefined;
  reads.delete(path);
  return now - read.startedAt <= EARLY_READ_TTL_MS ? read.answer : undefined;
}

/** When the session ends: what was read for it is not kept for the next one. */
export function dropEarlyReads(): void {
  reads.clear();
}
