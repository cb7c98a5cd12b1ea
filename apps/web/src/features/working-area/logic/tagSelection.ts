import type { ClassifierPresented, TagPresented } from '@reqloom/domain';
import { searchable } from './requirementOrder';

// The rules of the tag picker (spec 2, "Tags and classifiers panel"), apart from the screen that shows them.

/**
 * The tags a requirement holds in one classifier, in the classifier's order and as the classifier knows them
 * now (a renamed or recoloured tag shows its new title and colour at once).
 */
export function heldTags(classifier: ClassifierPresented, held: readonly { id: number }[]): TagPresented[] {
  const ids = new Set(held.map((tag) => tag.id));
  return classifier.tags.filter((tag) => ids.has(tag.id));
}

/**
 * Choosing a tag in the picker: a multiselect classifier toggles it; a single-select one holds one tag, so
 * choosing another replaces it, and choosing the held one again leaves none.
 */
export function toggleTag(selected: readonly number[], tagId: number, multiselect: boolean): number[] {
  if (selected.includes(tagId)) return selected.filter((id) => id !== tagId);
  return multiselect ? [...selected, tagId] : [tagId];
}

/** The tags whose title holds the query, ignoring case and accents; all of them for an empty query. */
export function matchingTags(tags: readonly TagPresented[], query: string): TagPresented[] {
  const needle = searchable(query.trim());
  return needle ? tags.filter((tag) => searchable(tag.title).includes(needle)) : [...tags];
}

/** Whether two lists hold the same ids, whatever their order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * The requirement's whole set of tags once one classifier's part is replaced by the chosen ids: `tags_id`
 * replaces the set, so the tags of the other classifiers go with it unchanged.
 */
export function replaceClassifierTags(
  held: readonly TagPresented[],
  classifier: ClassifierPresented,
  chosen: readonly number[],
): TagPresented[] {
  const wanted = new Set(chosen);
  return [
    ...held.filter((tag) => tag.classifier_id !== classifier.id),
    ...classifier.tags.filter((tag) => wanted.has(tag.id)),
  ];
}

/** The option the arrow keys move to in the picker's list (wrapping around); -1 when the list is empty. */
export function moveActive(index: number, key: string, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return index < 0 ? 0 : (index + 1) % count;
  if (key === 'ArrowUp') return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return Math.min(index, count - 1);
}
