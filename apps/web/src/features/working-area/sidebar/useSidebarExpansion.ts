import { useMemo, useState } from 'react';
import { collapsedKeys, knownKeys, readExpansion, writeExpansion, type Expansion } from './sidebarExpansion';

interface Node {
  id: number;
  categories: readonly { id: number }[];
}

interface State {
  /** `userId.projectId`: the state of another user or project is not this one's. */
  owner: string;
  value: Expansion;
  /** The document in view when `value` was last adjusted to it. */
  active: number | null;
}

/**
 * The side bar's expanded and collapsed entries for this user and project (sidebarExpansion.ts). A document that
 * comes into view is expanded, even one the person closed before: the side bar shows where one is. Closing it
 * while it is in view is the person's choice and holds.
 */
export function useSidebarExpansion(
  userId: number | null,
  projectId: number,
  documents: readonly Node[],
  activeDocumentId: number | null,
) {
  const owner = userId === null ? '' : `${userId}.${projectId}`;
  const stored = useMemo(() => (userId === null ? {} : readExpansion(userId, projectId)), [userId, projectId]);
  const [state, setState] = useState<State>({ owner, value: stored, active: null });
  let current = state.owner === owner ? state : { owner, value: stored, active: null };
  if (current.active !== activeDocumentId) {
    // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect after it.
    const key = `d${activeDocumentId}`;
    const value =
      activeDocumentId !== null && current.value[key] === false ? without(current.value, key) : current.value;
    current = { owner, value, active: activeDocumentId };
    setState(current);
  }
  const expansion = current.value;

  const collapsed = useMemo(
    () => collapsedKeys(documents, expansion, activeDocumentId),
    [documents, expansion, activeDocumentId],
  );
  const toggle = (key: string) => {
    const value = { ...expansion, [key]: collapsed.has(key) };
    setState({ owner, value, active: activeDocumentId });
    if (userId !== null) writeExpansion(userId, projectId, value, knownKeys(documents));
  };
  return { collapsed, toggle };
}

function without(expansion: Expansion, key: string): Expansion {
  const copy: Record<string, boolean> = { ...expansion };
  delete copy[key];
  return copy;
}
