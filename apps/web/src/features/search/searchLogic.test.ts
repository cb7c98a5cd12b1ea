import { describe, expect, it } from 'vitest';
import { enterChoice, extractParts, isSearchShortcut, movedIndex, resultSubPath } from './searchLogic';

describe('the search box', () => {
  it('opens with Enter the highlighted result, else the first one of the results of what is typed', () => {
    expect(enterChoice(['a', 'b', 'c'], 1, true)).toBe('b');
    expect(enterChoice(['a', 'b', 'c'], -1, true)).toBe('a');
    expect(enterChoice(['a', 'b', 'c'], -1, false)).toBeUndefined();
    expect(enterChoice([], -1, true)).toBeUndefined();
  });

  it('reads the extract as text runs, marked where the server marked them', () => {
    expect(extractParts('The <mark>électrovanne</mark> opens &amp; closes')).toEqual([
      { text: 'The ', marked: false },
      { text: 'électrovanne', marked: true },
      { text: ' opens & closes', marked: false },
    ]);
  });

  it('never turns the extract into markup: escaped tags stay characters, stray tags are text', () => {
    const parts = extractParts('&lt;img src=x onerror=alert(1)&gt; <b>bold</b> <mark>x</mark>');
    expect(parts[0]).toEqual({ text: '<img src=x onerror=alert(1)> <b>bold</b> ', marked: false });
    expect(parts.every((p) => typeof p.text === 'string')).toBe(true);
  });

  it('moves through the results with the arrow keys, round at the ends', () => {
    expect(movedIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(movedIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(movedIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(movedIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(movedIndex(1, 3, 'ArrowUp')).toBe(0);
    expect(movedIndex(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('links each result to the detailed view of its element, and knows its shortcut', () => {
    expect(resultSubPath({ model: 'category', id: 4 })).toBe('detailed/category/4');
    const key = { ctrlKey: true, metaKey: false, shiftKey: true, altKey: false, code: 'KeyF' };
    expect(isSearchShortcut(key)).toBe(true);
    expect(isSearchShortcut({ ...key, shiftKey: false })).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: false, metaKey: true })).toBe(true);
  });
});
