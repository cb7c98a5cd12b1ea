import { compareTreeOrder, type CategoryPresented } from '@reqloom/domain';

export interface CategoryNode {
  category: CategoryPresented;
  children: CategoryNode[];
  /** Index among its siblings, and their number: for the move buttons (no up at first, no down at last). */
  index: number;
  siblings: number;
}

/** The chapter number of a category (spec 2): each level's 0-based index plus one, joined by dots. */
export function categoryNumber(address: readonly number[]): string {
  return address.map((index) => index + 1).join('.');
}

/** Nests categories under their parents, each level in left-bound order; orphans become roots. */
export function buildCategoryTree(categories: readonly CategoryPresented[]): CategoryNode[] {
  const sorted = [...categories].sort(compareTreeOrder);
  const ids = new Set(sorted.map((c) => c.id));
  const childrenOf = new Map<number | null, CategoryPresented[]>();
  for (const category of sorted) {
    const parent = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(category);
    childrenOf.set(parent, list);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): CategoryNode[] => {
    const list = (childrenOf.get(parent) ?? []).filter((c) => !seen.has(c.id));
    list.forEach((c) => seen.add(c.id));
    return list.map((category, index) => ({
      category,
      index,
      siblings: list.length,
      children: build(category.id),
    }));
  };
  return build(null);
}

/** The sub-tree below a category (not the category itself), from the nested-set bounds. */
export function descendantsOf(categories: readonly CategoryPresented[], category: CategoryPresented) {
  return categories.filter((c) => c._lft > category._lft && c._rgt < category._rgt).sort(compareTreeOrder);
}

/** The sub-tree of a category as nodes, for the category view's sub-categories tree. */
export function subTree(categories: readonly CategoryPresented[], category: CategoryPresented): CategoryNode[] {
  const below = descendantsOf(categories, category);
  const direct = new Set(below.filter((c) => c.parent_id === category.id).map((c) => c.id));
  // Direct children become roots of the sub-tree; the others keep their parents.
  return buildCategoryTree(below.map((c) => (direct.has(c.id) ? { ...c, parent_id: null } : c)));
}

export interface CategoryOption {
  value: string;
  label: string;
  depth: number;
}

/**
 * Options for a category selector, in tree order, labelled with their number when numbering is on.
 * `exclude` leaves out a category and its sub-tree (a category cannot move below itself).
 */
export function categoryOptions(
  categories: readonly CategoryPresented[],
  numbering: boolean,
  exclude?: CategoryPresented,
): CategoryOption[] {
  return [...categories]
    .sort(compareTreeOrder)
    .filter((c) => !exclude || c._lft < exclude._lft || c._rgt > exclude._rgt)
    .map((c) => ({
      value: String(c.id),
      label: numbering ? `${categoryNumber(c.address)} ${c.name}` : c.name,
      depth: c.depth,
    }));
}
