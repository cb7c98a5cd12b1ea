import { describe, expect, it } from 'vitest';
import type { ClassifierPresented, TagPresented } from '@reqloom/domain';
import { heldTags, matchingTags, moveActive, replaceClassifierTags, sameIds, toggleTag } from './tagSelection';

const tag = (id: number, classifier_id: number, title: string): TagPresented => ({
  id,
  classifier_id,
  title,
  color: 'rgba(59, 130, 246, 0.3)',
});
const priority: ClassifierPresented = {
  id: 1,
  document_id: 1,
  name: 'Priority',
  multiselect: false,
  tags: [tag(1, 1, 'High'), tag(2, 1, 'Médium'), tag(3, 1, 'Low')],
};
const component = tag(10, 2, 'Display');

describe('tag picker rules', () => {
  it('shows the tags held in one classifier, in its order and as it knows them now', () => {
    const held = [component, { ...tag(3, 1, 'old title'), color: 'x' }, tag(1, 1, 'High')];
    expect(heldTags(priority, held).map((t) => t.title)).toEqual(['High', 'Low']);
    expect(heldTags(priority, [component])).toEqual([]);
  });

  it('toggles in a multiselect classifier', () => {
    expect(toggleTag([1], 2, true)).toEqual([1, 2]);
    expect(toggleTag([1, 2], 1, true)).toEqual([2]);
  });

  it('holds one tag in a single-select classifier: another replaces it, the same one again leaves none', () => {
    expect(toggleTag([], 2, false)).toEqual([2]);
    expect(toggleTag([2], 3, false)).toEqual([3]);
    expect(toggleTag([3], 3, false)).toEqual([]);
  });

  it('filters titles ignoring case and accents', () => {
    const titles = (query: string) => matchingTags(priority.tags, query).map((t) => t.title);
    expect(titles('h')).toEqual(['High']);
    expect(titles('MED')).toEqual(['Médium']);
    expect(titles(' low ')).toEqual(['Low']);
    expect(titles('')).toEqual(['High', 'Médium', 'Low']);
    expect(titles('none')).toEqual([]);
  });

  it('replaces one classifier’s part of the set and keeps the others’', () => {
    const after = replaceClassifierTags([component, tag(1, 1, 'High')], priority, [3]);
    expect(after.map((t) => t.id)).toEqual([10, 3]);
    expect(replaceClassifierTags([component], priority, []).map((t) => t.id)).toEqual([10]);
  });

  it('compares sets of ids', () => {
    expect(sameIds([1, 2], [2, 1])).toBe(true);
    expect(sameIds([1], [1, 2])).toBe(false);
    expect(sameIds([1, 3], [1, 2])).toBe(false);
  });

  it('moves the active option with the arrow keys, wrapping around', () => {
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(1, 'End', 3)).toBe(2);
    expect(moveActive(1, 'ArrowDown', 0)).toBe(-1);
  });
});
