import type { ImportPlan, Skipped } from './import-plan';

export type StagedRequirement = { id: number; documentId: number };

export type PlannedLinks = {
  /** Parent and child documents to link. */
  documentEdges: [number, number][];
  /** Requirement links, parent and child ids, once each. */
  pairs: [number, number][];
  skipped: Skipped[];
};

/**
 * At most this many pairs of documents are weighed for a link in one import (far more than any real file links).
 * Each new pair costs a walk of the document links kept so far, so without a bound a file of many documents
 * linked every way (a few hundred MB unpacked) would cost hours of the server's thread; with it, a few million steps.
 */
export const MAX_DOCUMENT_PAIRS = 2_000;

/**
 * The links of a plan between the requirements written: the documents of both ends become parent and child,
 * unless that would close a cycle. A link within one document, to a requirement not written, or of a pair of
 * documents past MAX_DOCUMENT_PAIRS is reported. This runs on the server's thread (between two steps of the
 * import), so it keeps the document graph as it goes: rebuilding it for each check (createsCycle) made a file of
 * 4,000 documents linked to one hold every request for 39 s, and checking cycles back through it for minutes.
 */
export function planLinks(links: ImportPlan['links'], written: Map<string, StagedRequirement>): PlannedLinks {
  const skipped: Skipped[] = [];
  const documentEdges: [number, number][] = [];
  const linked = new Set<string>();
  const refused = new Set<string>();
  const children = new Map<number, number[]>();
  const pairs: [number, number][] = [];
  const seen = new Set<string>();

  /** Whether `to` is below `from` through the document links kept so far. */
  const reaches = (from: number, to: number): boolean => {
    const visited = new Set([from]);
    const stack = [from];
    while (stack.length > 0) {
      for (const next of children.get(stack.pop()!) ?? []) {
        if (next === to) return true;
        if (!visited.has(next)) {
          visited.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  };

  for (const link of links) {
    const parent = written.get(link.parent);
    const child = written.get(link.child);
    const what = `${link.parent} → ${link.child}`;
    if (!parent || !child) {
      skipped.push({ what, reason: 'link_end_missing' });
      continue;
    }
    if (parent.documentId === child.documentId) {
      skipped.push({ what, reason: 'link_same_document' });
      continue;
    }
    const pair = `${parent.documentId}>${child.documentId}`;
    if (!linked.has(pair)) {
      if (refused.has(pair)) {
        skipped.push({ what, reason: 'link_cycle' });
        continue;
      }
      if (linked.size + refused.size >= MAX_DOCUMENT_PAIRS) {
        skipped.push({ what, reason: 'link_documents_limit' });
        continue;
      }
      // A cycle: the parent's document is already below the child's.
      if (reaches(child.documentId, parent.documentId)) {
        refused.add(pair);
        skipped.push({ what, reason: 'link_cycle' });
        continue;
      }
      linked.add(pair);
      documentEdges.push([parent.documentId, child.documentId]);
      const below = children.get(parent.documentId);
      if (below) below.push(child.documentId);
      else children.set(parent.documentId, [child.documentId]);
    }
    const key = `${parent.id}>${child.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push([parent.id, child.id]);
  }
  return { documentEdges, pairs, skipped };
}
