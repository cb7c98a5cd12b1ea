import { useQuery } from '@tanstack/react-query';
import type { DocumentQualityPresented } from '@reqloom/domain';
import { api } from '../../api/client';

/** Every requirement's score and findings of a document, and its mean score (decisions §25). */
export const fetchDocumentQuality = (documentId: number, signal?: AbortSignal) =>
  api.get<{ data: DocumentQualityPresented }>(`documents/quality/${documentId}`, { signal }).then((a) => a.data);

/**
 * A document's quality, read from the server: one call for the whole document, checked where the rules run fast
 * and off the page's thread. `version` says when the document's requirements changed (their count and last
 * update), so the scores follow an edit without a socket event of their own.
 */
export function useDocumentQuality(projectId: number, documentId: number | undefined, version = '') {
  return useQuery({
    queryKey: ['projects', projectId, 'documentQuality', documentId ?? 0, version],
    queryFn: ({ signal }) => fetchDocumentQuality(documentId ?? 0, signal),
    enabled: documentId !== undefined,
    placeholderData: (previous) => previous,
  });
}
