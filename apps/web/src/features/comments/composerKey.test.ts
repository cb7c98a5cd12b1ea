import { describe, expect, it } from 'vitest';
import { composerKeyAction } from './composerKey';

const key = (
  key: string,
  mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing', boolean>> = {},
) => composerKeyAction({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('composerKeyAction', () => {
  it('sends on Enter alone', () => {
    expect(key('Enter')).toBe('send');
  });
  it('leaves Shift+Enter to the browser (a new line) and makes one on Ctrl or Cmd+Enter', () => {
    expect(key('Enter', { shiftKey: true })).toBe('default');
    expect(key('Enter', { ctrlKey: true })).toBe('newline');
    expect(key('Enter', { metaKey: true })).toBe('newline');
    expect(key('Enter', { ctrlKey: true, shiftKey: true })).toBe('default');
  });
  it('never sends while an input method composes, on Alt+Enter or on other keys', () => {
    expect(key('Enter', { isComposing: true })).toBe('default');
    expect(key('Enter', { altKey: true })).toBe('default');
    expect(key('a')).toBe('default');
  });
});
