import { useQuery } from '@tanstack/react-query';
import { fetchDocumentRequirements } from './workingAreaApi';
import { workingAreaKeys } from './workingAreaKeys';

/** A document's requirements in reading order; not asked for without a document. */
export function useDocumentRequirements(projectId: number, documentId: number | undefined) {
  return useQuery({
    queryKey: workingAreaKeys.documentRequirements(projectId, documentId ?? 0),
    queryFn: () => fetchDocumentRequirements(documentId ?? 0),
    enabled: documentId !== undefined,
  });
}
