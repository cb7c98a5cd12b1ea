import { useSyncExternalStore } from 'react';

// The description's text as the editor holds it now (a keystroke ahead of the server's copy), per requirement:
// the editor's quality pass publishes it, the name's underlines and the Quality panel read it, so that all three
// agree while someone types.
const texts = new Map<number, string>();
const listeners = new Set<() => void>();

export function publishLiveDescription(requirementId: number, text: string | null): void {
  if (text === null ? !texts.has(requirementId) : texts.get(requirementId) === text) return;
  if (text === null) texts.delete(requirementId);
  else texts.set(requirementId, text);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live description text of a requirement, or undefined when no editor of it is open. */
export function useLiveDescription(requirementId: number): string | undefined {
  return useSyncExternalStore(subscribe, () => texts.get(requirementId));
}
