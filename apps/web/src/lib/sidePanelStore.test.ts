import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/fakeBrowser';

describe('side panel store', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
  });

  it('opens a panel, closes it on a second click, switches on another tab', async () => {
    const s = await import('./sidePanelStore');
    s.setSidePanelOwner(1);
    const seen: Array<string | null> = [];
    const stop = s.subscribeSidePanel(() => seen.push(s.currentSidePanel()));
    expect(s.currentSidePanel()).toBeNull();
    s.toggleSidePanel('comments');
    s.toggleSidePanel('tags');
    s.toggleSidePanel('tags');
    stop();
    s.toggleSidePanel('exportSettings');
    expect(seen).toEqual(['comments', 'tags', null]);
    expect(s.currentSidePanel()).toBe('exportSettings');
  });

  it("remembers the user's open panel for the browser tab, and ignores what it does not know", async () => {
    sessionStorage.setItem('reqloom.sidePanel.1', 'comments');
    const first = await import('./sidePanelStore');
    first.setSidePanelOwner(1);
    expect(first.currentSidePanel()).toBe('comments');
    vi.resetModules();
    sessionStorage.setItem('reqloom.sidePanel.1', 'somethingElse');
    const second = await import('./sidePanelStore');
    second.setSidePanelOwner(1);
    expect(second.currentSidePanel()).toBeNull();
  });

  it('gives the next user on the browser the default, not the panel the last one opened (issue 31)', async () => {
    const session = await import('../api/session');
    const s = await import('./sidePanelStore');
    // A signs in and opens the tags.
    session.startSession(new Date(Date.now() + 600_000).toISOString());
    s.setSidePanelOwner(1);
    s.toggleSidePanel('tags');
    expect(s.currentSidePanel()).toBe('tags');
    // A signs out: nothing is open any more, before anyone else is known.
    session.endSession('logout');
    expect(s.currentSidePanel()).toBeNull();
    // B signs in on the same tab and sees the default.
    session.startSession(new Date(Date.now() + 600_000).toISOString());
    s.setSidePanelOwner(2);
    expect(s.currentSidePanel()).toBeNull();
    s.toggleSidePanel('comments');
    session.endSession('logout');
    // A comes back to their own panel.
    session.startSession(new Date(Date.now() + 600_000).toISOString());
    s.setSidePanelOwner(1);
    expect(s.currentSidePanel()).toBe('tags');
  });
});
