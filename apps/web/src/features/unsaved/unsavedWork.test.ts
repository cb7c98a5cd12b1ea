import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/fakeBrowser';
import {
  dropStashedDraft,
  forgetStashUnlessOwner,
  hasUnsavedWork,
  peekStashedDraft,
  registerUnsaved,
  settleUnsavedWork,
  stashUnsavedDrafts,
} from './unsavedWork';

const cleanups: (() => void)[] = [];
beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  vi.unstubAllGlobals();
});

function editor(key: string, value: string, dirty = true) {
  cleanups.push(registerUnsaved({ dirty: () => dirty, drafts: () => [{ key, value }] }));
}

describe('unsaved work', () => {
  it('counts a save under way as unsaved until it settles', async () => {
    let finish = () => {};
    const saving = new Promise<void>((resolve) => (finish = resolve));
    let pending: Promise<void> | null = saving;
    cleanups.push(registerUnsaved({ dirty: () => false, settling: () => pending }));
    expect(hasUnsavedWork()).toBe(true);
    const settled = settleUnsavedWork();
    finish();
    await settled;
    pending = null;
    expect(hasUnsavedWork()).toBe(false);
  });

  it('keeps the dirty editors’ text for their user only, once', () => {
    editor('requirement.1.description', '<p>typed</p>');
    editor('requirement.2.description', '<p>saved already</p>', false);
    stashUnsavedDrafts(7);
    expect(peekStashedDraft('requirement.1.description', 7)).toBe('<p>typed</p>');
    expect(peekStashedDraft('requirement.2.description', 7)).toBeNull();
    expect(peekStashedDraft('requirement.1.description', 8)).toBeNull();
    dropStashedDraft('requirement.1.description');
    expect(peekStashedDraft('requirement.1.description', 7)).toBeNull();
  });

  it('forgets another user’s text when someone else logs in on the tab', () => {
    editor('requirement.1.name', 'Secret plan');
    stashUnsavedDrafts(7);
    forgetStashUnlessOwner(7);
    expect(peekStashedDraft('requirement.1.name', 7)).toBe('Secret plan');
    forgetStashUnlessOwner(9);
    expect(peekStashedDraft('requirement.1.name', 7)).toBeNull();
  });

  it('adds to what an earlier ending kept for the same user', () => {
    editor('requirement.1.name', 'First');
    stashUnsavedDrafts(7);
    cleanups.pop()!();
    editor('requirement.2.name', 'Second');
    stashUnsavedDrafts(7);
    expect(peekStashedDraft('requirement.1.name', 7)).toBe('First');
    expect(peekStashedDraft('requirement.2.name', 7)).toBe('Second');
  });
});
