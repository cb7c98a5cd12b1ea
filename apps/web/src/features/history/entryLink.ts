import type { AuditEntryPresented } from '@reqloom/domain';
import { resultSubPath } from '../search/searchLogic';

/**
 * Where an entry leads inside its project (a sub-path of the project's address), or null when its element cannot be
 * reached any more. The working-area elements open in their detailed view, as a search result does; a member in the
 * settings' Members section; the project on its overview. A deleted requirement or category leads to the document it
 * was in; anything else deleted leads nowhere.
 */
export function entrySubPath(
  entry: Pick<AuditEntryPresented, 'action' | 'entity_type' | 'entity_id' | 'document_id'>,
): string | null {
  const { entity_type: kind, entity_id: id, document_id: documentId } = entry;
  const inDocument = documentId === null ? null : resultSubPath({ model: 'document', id: documentId });
  if (entry.action === 'deleted' || entry.action === 'member_removed') {
    return kind === 'requirement' || kind === 'category' ? inDocument : null;
  }
  switch (kind) {
    case 'project':
      return '';
    case 'member':
      return 'settings#settings-members';
    case 'requirement':
    case 'category':
    case 'document':
      return id === null ? inDocument : resultSubPath({ model: kind, id });
    default:
      // Links, tags, comments…: their document, until they have a view of their own.
      return inDocument;
  }
}
