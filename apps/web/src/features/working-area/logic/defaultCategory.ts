import { compareTreeOrder, type CategoryPresented } from '@reqloom/domain';

/**
 * The category a new requirement starts in, when the person did not act from a category (issue 31): a requirement
 * left at "No category" is not in the Word export (decisions §13), and the dialogs started there, so a team lost one
 * without seeing it. In a document that has categories, a new requirement therefore starts in one:
 * - `like`: the category named like this one (a child made from a requirement of "Interfaces" goes to the child
 *   document's "Interfaces"), case and accents aside;
 * - else the document's first category in reading order (the top of the tree the document view shows).
 * A document without categories gives null. "No category" stays a choice in the dialogs.
 */
export function defaultCategoryId(
  categories: readonly CategoryPresented[],
  like?: Pick<CategoryPresented, 'name'> | null,
): number | null {
  const sorted = [...categories].sort(compareTreeOrder);
  const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  const named = like ? sorted.find((c) => fold(c.name) === fold(like.name)) : undefined;
  return (named ?? sorted[0])?.id ?? null;
}
