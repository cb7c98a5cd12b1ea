import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('side panel store', () => {
  beforeEach(() => {
    vi.resetModules();
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });

  it('opens a panel, closes it on a second click, switches on another tab', async () => {
    const s = await import('./sidePanelStore');
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

  it('remembers the open panel for the browser tab, and ignores what it does not know', async () => {
    sessionStorage.setItem('reqloom.sidePanel', 'comments');
    expect((await import('./sidePanelStore')).currentSidePanel()).toBe('comments');
    vi.resetModules();
    sessionStorage.setItem('reqloom.sidePanel', 'somethingElse');
    expect((await import('./sidePanelStore')).currentSidePanel()).toBeNull();
  });
});
