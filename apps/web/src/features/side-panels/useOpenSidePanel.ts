import { useSyncExternalStore } from 'react';
import { currentSidePanel, subscribeSidePanel, type SidePanelName } from '../../lib/sidePanelStore';

/** The open side panel's name, or null; follows every change. */
export function useOpenSidePanel(): SidePanelName | null {
  return useSyncExternalStore(subscribeSidePanel, currentSidePanel, () => null);
}
