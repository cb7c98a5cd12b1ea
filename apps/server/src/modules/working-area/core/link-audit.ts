import type { Db } from '../../../db/client';
import type { Work } from '../../../core/work';
import { requirementReferences } from '../../../read/audit-references';

/** A requirement link that a change added or removed, with the document of its child (where the entry belongs). */
export type ChangedLink = { parentId: number; childId: number; childDocumentId: number };

/**
 * Records one `linked` or `unlinked` entry per link (decisions §21): the link is named "PARENT → CHILD" and filed
 * under its child, whose history is where a reader looks for what it derives from. The references are read in one
 * statement for every end not already `known` (the caller's own requirement, presented), whatever the number of links.
 */
export async function auditLinks(
  work: Work,
  projectId: number,
  links: { added?: ChangedLink[]; removed?: ChangedLink[] },
  known: Map<number, string> = new Map(),
): Promise<void> {
  const added = links.added ?? [];
  const removed = links.removed ?? [];
  if (added.length === 0 && removed.length === 0) return;
  const references = await referencesOf(work.tx, [...added, ...removed], known);
  const name = (id: number) => references.get(id) ?? `#${id}`;
  const entry = (action: 'linked' | 'unlinked', link: ChangedLink) => {
    const side = action === 'linked' ? 'new' : 'old';
    work.audit(projectId, {
      action,
      entityType: 'link',
      entityId: link.childId,
      reference: `${name(link.parentId)} → ${name(link.childId)}`,
      documentId: link.childDocumentId,
      changes: { parent_id: { [side]: link.parentId }, child_id: { [side]: link.childId } },
    });
  };
  for (const link of removed) entry('unlinked', link);
  for (const link of added) entry('linked', link);
}

async function referencesOf(tx: Db, links: ChangedLink[], known: Map<number, string>) {
  const missing = new Set<number>();
  for (const { parentId, childId } of links) {
    if (!known.has(parentId)) missing.add(parentId);
    if (!known.has(childId)) missing.add(childId);
  }
  const read = await requirementReferences(tx, [...missing]);
  return new Map([...known, ...read]);
}
