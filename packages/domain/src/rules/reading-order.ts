/**
 * A document's reading order (decisions §6), the one rule the document view, the category views, the synaeptic
 * map, the Word and ReqIF exports and a category's deletion follow:
 * - categories in tree order: a category before its sub-categories, siblings by their order, which is the order of
 *   the nested set's left bounds (`_lft`, numbered by `nestedSet`);
 * - requirements by where they stand: those at the document root (no category) first, then each category's in
 *   the categories' tree order, a category's own before its sub-categories'; within one place by their order,
 *   ties by id. A requirement of a category the tree does not know reads with the root.
 */

/** A category's place in its document's tree. */
export type TreePlace = { _lft: number };

/** Where a requirement stands in its document. */
export type ReadingPlace = { id: number; category_id: number | null; order: number };

/** Categories in tree order (parents before children, siblings in order). */
export function compareTreeOrder(a: TreePlace, b: TreePlace): number {
  return a._lft - b._lft;
}

/** Requirements in reading order, given their document's categories by id. */
export function compareReadingOrder(categories: ReadonlyMap<number, TreePlace>) {
  const lft = (id: number | null) => (id === null ? 0 : (categories.get(id)?._lft ?? 0));
  // Generic, so that anything placed like a requirement (the synaeptic map's lighter rows) sorts the same way.
  return <R extends ReadingPlace>(a: R, b: R): number =>
    lft(a.category_id) - lft(b.category_id) || a.order - b.order || a.id - b.id;
}

/** A copy of `requirements` in reading order. */
export function inReadingOrder<R extends ReadingPlace>(
  requirements: readonly R[],
  categories: ReadonlyMap<number, TreePlace>,
): R[] {
  return [...requirements].sort(compareReadingOrder(categories));
}
