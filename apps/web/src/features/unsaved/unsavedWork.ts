// What the person has typed and not saved yet, across the app: editors register a probe, and the guard asks them
// before the route changes, before the tab closes, and when the session ends (spec 2: nothing saved is ever lost,
// nothing typed is dropped without asking).

/** Text that was not saved when the session ended, kept for the same user to take back after logging in. */
export interface StashedDraft {
  /** What it belongs to, e.g. `requirement.12.description`. */
  key: string;
  value: string;
}

export interface UnsavedProbe {
  /** Something typed that is neither saved nor being saved. */
  dirty(): boolean;
  /** A save under way: leaving waits for it, then asks only if it failed. */
  settling?(): Promise<unknown> | null;
  /** The unsaved text to keep if the session ends now. */
  drafts?(): StashedDraft[];
  /** Saves now (the guard's "Save and leave"); a failure is the editor's to report. */
  flush?(): Promise<unknown>;
}

const probes = new Set<UnsavedProbe>();

export function registerUnsaved(probe: UnsavedProbe): () => void {
  probes.add(probe);
  return () => probes.delete(probe);
}

/** Unsaved or still being saved. */
export function hasUnsavedWork(): boolean {
  for (const probe of probes) if (probe.dirty() || probe.settling?.()) return true;
  return false;
}

/** Resolves once every save under way has ended (whether it succeeded or not). */
export async function settleUnsavedWork(): Promise<void> {
  const pending = [...probes].map((p) => p.settling?.()).filter((p): p is Promise<unknown> => !!p);
  await Promise.allSettled(pending);
}

/** Saves every editor's unsaved text; resolves once all the saves have ended. */
export async function flushUnsavedWork(): Promise<void> {
  const saves = [...probes].flatMap((p) => (p.dirty() && p.flush ? [p.flush()] : []));
  await Promise.allSettled(saves);
}

// While the guard asks whether to leave, its dialog takes the focus: the editors' save-on-blur must wait for the
// answer, or "leave without saving" would already have saved.
let asking = false;

export function setAskingToLeave(value: boolean): void {
  asking = value;
}

export function isAskingToLeave(): boolean {
  return asking;
}

// sessionStorage: the tab's own, gone with it, never shared with another tab or a later browser session of
// someone else on the same computer.
const STASH_KEY = 'reqloom.unsavedDrafts';

interface Stash {
  owner: number;
  drafts: StashedDraft[];
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readStash(): Stash | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(STASH_KEY) ?? 'null') as Stash | null;
    return parsed && typeof parsed.owner === 'number' && Array.isArray(parsed.drafts) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps every registered editor's unsaved text for `owner`, replacing what an earlier ending kept. */
export function stashUnsavedDrafts(owner: number): void {
  const drafts = [...probes].flatMap((p) => (p.dirty() ? (p.drafts?.() ?? []) : []));
  if (drafts.length === 0) return;
  const kept = readStash();
  const others = kept?.owner === owner ? kept.drafts.filter((d) => !drafts.some((n) => n.key === d.key)) : [];
  storage()?.setItem(STASH_KEY, JSON.stringify({ owner, drafts: [...others, ...drafts] }));
}

/** The text kept for `key`, only for the user who typed it. */
export function peekStashedDraft(key: string, owner: number): string | null {
  const stash = readStash();
  if (!stash || stash.owner !== owner) return null;
  return stash.drafts.find((d) => d.key === key)?.value ?? null;
}

export function dropStashedDraft(key: string): void {
  const stash = readStash();
  if (!stash) return;
  const drafts = stash.drafts.filter((d) => d.key !== key);
  if (drafts.length === 0) storage()?.removeItem(STASH_KEY);
  else storage()?.setItem(STASH_KEY, JSON.stringify({ ...stash, drafts }));
}

/** Another user logged in on this tab: what the previous one typed is not theirs to see. */
export function forgetStashUnlessOwner(owner: number): void {
  const stash = readStash();
  if (stash && stash.owner !== owner) storage()?.removeItem(STASH_KEY);
}
