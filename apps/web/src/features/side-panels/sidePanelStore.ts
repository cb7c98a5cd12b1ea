// Which side panel is open (spec 2, side tabs). It stays open from one view to the next, as one browses
// requirements with their comments beside them, and across a reload of the tab (sessionStorage); each view shows
// it if it has that tab. One store for the tab, read with useSyncExternalStore.

export const SIDE_PANELS = ['comments', 'tags', 'exportSettings'] as const;
export type SidePanelName = (typeof SIDE_PANELS)[number];

const STORAGE_KEY = 'reqloom.sidePanel';
const listeners = new Set<() => void>();

function read(): SidePanelName | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return (SIDE_PANELS as readonly string[]).includes(stored ?? '') ? (stored as SidePanelName) : null;
  } catch {
    return null;
  }
}

let current: SidePanelName | null = typeof sessionStorage === 'undefined' ? null : read();

export function currentSidePanel(): SidePanelName | null {
  return current;
}

export function setOpenSidePanel(next: SidePanelName | null): void {
  if (next === current) return;
  current = next;
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, next);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the panel still opens for this page.
  }
  for (const listener of listeners) listener();
}

/** A click on a tab: opens its panel, or closes it when it is the open one. */
export function toggleSidePanel(name: SidePanelName): void {
  setOpenSidePanel(current === name ? null : name);
}

export function subscribeSidePanel(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
