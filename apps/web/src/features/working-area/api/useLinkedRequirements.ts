import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { RequirementPresented } from '@reqloom/domain';
import { useAlpha } from '../../user/useAlpha';
import { fetchDocumentRequirements } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

export interface LinkedRequirements {
  byId: Map<number, RequirementPresented>;
  loading: boolean;
}

// Module-level, so that TanStack Query runs it again only when a result changes.
function combine(results: UseQueryResult<RequirementPresented[]>[], tests: boolean): LinkedRequirements {
  const byId = new Map<number, RequirementPresented>();
  for (const result of results) for (const r of result.data ?? []) if (tests || r.type !== 'test') byId.set(r.id, r);
  return { byId, loading: results.some((r) => r.isPending) };
}
// Tests only for alpha users (spec 2).
const withTests = (results: UseQueryResult<RequirementPresented[]>[]) => combine(results, true);
const withoutTests = (results: UseQueryResult<RequirementPresented[]>[]) => combine(results, false);

/**
 * The requirements of several documents (a requirement's parent and child documents), through the same cache
 * as the document views: links show names and references, and the link dialogs offer them.
 */
export function useLinkedRequirements(projectId: number, documentIds: readonly number[]): LinkedRequirements {
  const alpha = useAlpha();
  return useQueries({
    queries: documentIds.map((documentId) => ({
      queryKey: workingAreaKeys.documentRequirements(projectId, documentId),
      queryFn: () => fetchDocumentRequirements(documentId),
    })),
    combine: alpha ? withTests : withoutTests,
  });
}
