export type TreeNode = { id: number; parentId: number | null; position: number };
export type NestedPlace = { lft: number; rgt: number; address: number[]; depth: number };

/**
 * Numbers a forest as a nested set, in sibling order: each node's (lft, rgt) pair lies inside its
 * parent's, and `address` is the 0-based index path among siblings. Nodes whose parent is missing
 * are treated as roots, so a damaged tree still renders.
 */
export function nestedSet(nodes: TreeNode[]): Map<number, NestedPlace> {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const places = new Map<number, NestedPlace>();
  let counter = 1;
  const visit = (parent: number | null, address: number[]) => {
    (children.get(parent) ?? []).forEach((node, index) => {
      if (places.has(node.id)) return; // a cycle in damaged data: number each node once
      const place: NestedPlace = { lft: counter++, rgt: 0, address: [...address, index], depth: address.length };
      places.set(node.id, place);
      visit(node.id, place.address);
      place.rgt = counter++;
    });
  };
  visit(null, []);
  return places;
}

/** Would adding the edge parent → child close a cycle in this directed graph? */
export function createsCycle(edges: Array<[number, number]>, parent: number, child: number): boolean {
  if (parent === child) return true;
  const next = new Map<number, number[]>();
  for (const [p, c] of edges) next.set(p, [...(next.get(p) ?? []), c]);
  // A cycle exists if parent is reachable from child.
  const seen = new Set<number>();
  const stack = [child];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === parent) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...(next.get(node) ?? []));
  }
  return false;
}
