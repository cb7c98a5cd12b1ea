import type { TagPresented } from '@reqloom/domain';
import { ApiError } from '../../../api/ApiError';
import { sameIds } from '../logic/tagSelection';

// Two people saved the same element (decisions §19): the later save, made from an older version, is answered
// 409 with the element as it now is. The person sees both and chooses; nothing is overwritten without a word.

export type ConflictKind = 'document' | 'category' | 'requirement';
export type ConflictChoice = 'mine' | 'theirs';

export interface Conflict {
  kind: ConflictKind;
  /** What this person tried to save (the fields of the PUT). */
  mine: Record<string, unknown>;
  /** The element as it is now on the server. */
  theirs: { version: number } & Record<string, unknown>;
}

type Resolver = (conflict: Conflict) => Promise<ConflictChoice>;
let resolver: Resolver | null = null;

/** The dialog's host registers itself; without one (no screen to ask on), the saved version is kept. */
export function setConflictResolver(next: Resolver | null): void {
  resolver = next;
}

/** The current element a 409 answer carries, or null for any other failure. */
export function conflictCurrent(error: unknown): Conflict['theirs'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.body as { current?: unknown } | undefined)?.current;
  if (typeof current !== 'object' || current === null) return null;
  return typeof (current as { version?: unknown }).version === 'number' ? (current as Conflict['theirs']) : null;
}

/**
 * Saves `mine` from `version`; on a conflict asks the person: keep mine (saved again over the current version,
 * asking again if it moved once more) or take theirs (answered as if it were the save's result).
 */
export async function saveResolvingConflicts<T extends { version: number }>(
  kind: ConflictKind,
  mine: Record<string, unknown>,
  version: number,
  send: (version: number) => Promise<T>,
): Promise<T> {
  let edited = version;
  for (;;) {
    try {
      return await send(edited);
    } catch (error) {
      const theirs = conflictCurrent(error);
      if (!theirs) throw error;
      const choice = resolver ? await resolver({ kind, mine, theirs }) : 'theirs';
      if (choice === 'theirs') return theirs as unknown as T;
      edited = theirs.version;
    }
  }
}

// The fields a person edits and can compare side by side; links and places show as changed without a text.
const SHOWN = ['name', 'acronym', 'status', 'description', 'tags'] as const;
export type ConflictField = (typeof SHOWN)[number];

/** The tags of one side of a conflict (the picker saves them as `tags`, the element carries them as `tags`). */
export function conflictTags(value: unknown): TagPresented[] {
  return Array.isArray(value) ? (value as TagPresented[]) : [];
}

/** The fields this person saved that differ on the two sides: tags are a set, compared by their ids. */
export function conflictFields(conflict: Conflict): ConflictField[] {
  return SHOWN.filter((field) => {
    if (!(field in conflict.mine)) return false;
    const [mine, theirs] = [conflict.mine[field], conflict.theirs[field]];
    if (field !== 'tags') return mine !== theirs;
    return !sameIds(
      conflictTags(mine).map((tag) => tag.id),
      conflictTags(theirs).map((tag) => tag.id),
    );
  });
}
