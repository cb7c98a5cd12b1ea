// Which side panel is open (spec 2, side tabs). It stays open from one view to the next, as one browses
// requirements with their comments beside them, and across a reload of the tab (sessionStorage); each view shows
// it if it has that tab. One store for the tab, read with useSyncExternalStore.
//
// The open panel is the signed-in user's (issue 31): it is kept under their id, forgotten in memory when the
// session ends, and read again for whoever signs in next, so that the next person on the same browser starts
// from the default (no panel open) rather than from what the last one had open.
import { isSessionActive, subscribeSession } from '../api/session';

export const SIDE_PANELS = ['comments', 'tags', 'exportSettings', 'quality'] as const;
export type SidePanelName = (typeof SIDE_PANELS)[number];

const STORAGE_PREFIX = 'reqloom.sidePanel.';
const listeners = new Set<() => void>();

function read(userId: number): SidePanelName | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_PREFIX + userId);
    return (SIDE_PANELS as readonly string[]).includes(stored ?? '') ? (stored as SidePanelName) : null;
  } catch {
    return null;
  }
}

/** The user whose panel this is; null while nobody is signed in (a panel opened then is not kept). */
let owner: number | null = null;
let current: SidePanelName | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

export function currentSidePanel(): SidePanelName | null {
  return current;
}

/** The signed-in user (null once signed out): their own panel comes back, nobody else's. */
export function setSidePanelOwner(userId: number | null): void {
  if (userId === owner) return;
  owner = userId;
  const next = userId === null ? null : read(userId);
  if (next === current) return;
  current = next;
  notify();
}

export function setOpenSidePanel(next: SidePanelName | null): void {
  if (next === current) return;
  current = next;
  if (owner !== null) {
    try {
      if (next) sessionStorage.setItem(STORAGE_PREFIX + owner, next);
      else sessionStorage.removeItem(STORAGE_PREFIX + owner);
    } catch {
      // Storage refused (private mode, quota): the panel still opens for this page.
    }
  }
  notify();
}

/** A click on a tab: opens its panel, or closes it when it is the open one. */
export function toggleSidePanel(name: SidePanelName): void {
  setOpenSidePanel(current === name ? null : name);
}

export function subscribeSidePanel(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Once the session has ended (logout, expiry, another tab), the panel is nobody's.
subscribeSession(() => {
  if (!isSessionActive()) setSidePanelOwner(null);
});
