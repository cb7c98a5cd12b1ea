import type { ReactNode } from 'react';
import type { SidePanelName } from '../../lib/sidePanelStore';

/** One vertical tab at the right edge and the panel it opens. */
export interface SideTab {
  name: SidePanelName;
  label: string;
  icon: ReactNode;
  /** A count shown on the tab (unread comments); nothing when 0. */
  count?: number;
  /** The count as a screen reader says it with the label ("3 unread"). */
  countLabel?: string;
  /** What the panel is about, under its title (the element's reference or name). */
  subject?: string;
  panel: ReactNode;
}

export const sideTabId = (name: SidePanelName) => `side-tab-${name}`;
export const sidePanelId = (name: SidePanelName) => `side-panel-${name}`;
