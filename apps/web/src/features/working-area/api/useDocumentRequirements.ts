import { useQuery } from '@tanstack/react-query';
import type { RequirementPresented } from '@reqloom/domain';
import { useAlpha } from '../../user/useAlpha';
import { fetchDocumentRequirements } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/** Tests are shown only to alpha users (spec 2): the others' lists leave them out. Module-level, so it stays one. */
export const withoutTests = (list: RequirementPresented[]) => list.filter((r) => r.type !== 'test');

/** A document's requirements in reading order; not asked for without a document. */
export function useDocumentRequirements(projectId: number, documentId: number | undefined) {
  const alpha = useAlpha();
  return useQuery({
    queryKey: workingAreaKeys.documentRequirements(projectId, documentId ?? 0),
    queryFn: () => fetchDocumentRequirements(documentId ?? 0),
    enabled: documentId !== undefined,
    select: alpha ? undefined : withoutTests,
  });
}
