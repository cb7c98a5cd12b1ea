import { describe, expect, it } from 'vitest';
import { hasChanges, wordDiff, type DiffPart } from './word-diff';

const side = (parts: DiffPart[], kind: 'removed' | 'added') =>
  parts
    .filter((p) => p.kind !== (kind === 'removed' ? 'added' : 'removed'))
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('keeps both texts whole: the same and removed parts give the old text, the same and added the new', () => {
    const pairs = [
      ['The system shall stop.', 'The system shall stop within 2 s.'],
      ['the red car', 'a blue bus'],
      ['', 'new text'],
      ['old text', ''],
      ['Le système doit s’arrêter.', 'Le système doit redémarrer, puis s’arrêter.'],
      ['a b c d e f', 'a c e f g'],
    ] as const;
    for (const [before, after] of pairs) {
      const parts = wordDiff(before, after);
      expect(side(parts, 'removed')).toBe(before);
      expect(side(parts, 'added')).toBe(after);
    }
  });

  it('marks whole words, removals before insertions, a replacement as one run', () => {
    expect(wordDiff('The pump shall start.', 'The valve shall start.')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'pump' },
      { kind: 'added', text: 'valve' },
      { kind: 'same', text: ' shall start.' },
    ]);
    expect(wordDiff('x the red car y', 'x a blue bus y')).toEqual([
      { kind: 'same', text: 'x ' },
      { kind: 'removed', text: 'the red car' },
      { kind: 'added', text: 'a blue bus' },
      { kind: 'same', text: ' y' },
    ]);
  });

  it('finds an insertion in the middle without touching the rest', () => {
    expect(wordDiff('one two three', 'one two and a half three')).toEqual([
      { kind: 'same', text: 'one two ' },
      { kind: 'added', text: 'and a half ' },
      { kind: 'same', text: 'three' },
    ]);
  });

  it('says when nothing changed', () => {
    expect(hasChanges(wordDiff('same text', 'same text'))).toBe(false);
    expect(hasChanges(wordDiff('same text', 'same  text'))).toBe(true);
  });

  it('gives up on fragments past its bound, and still keeps both texts', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(before, after);
    expect(parts).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  });

  it('finds a few changes in a long text exactly', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const changed = [...words];
    changed[100] = 'X';
    changed.splice(4000, 1);
    const parts = wordDiff(words.join(' '), changed.join(' '));
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w100' },
      { kind: 'added', text: 'X' },
      { kind: 'removed', text: ' w4000' },
    ]);
  });
});
