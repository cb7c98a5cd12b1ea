import { useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { RequirementPresented } from '@reqloom/domain';
import { useStructure } from '../working-area/api/useStructure';
import { fetchDocumentRequirements } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';

// Module-level, so that useQueries keeps one reference and combines again only when a list changes.
const listsOf = (results: UseQueryResult<RequirementPresented[]>[]) => results.map((result) => result.data);

/**
 * The map's data from the project reads that exist (decisions §18): the structure (documents with their
 * categories), then every document's requirements, side by side. They are the caches the detailed view uses, which
 * the realtime events keep current (applyWorkingAreaEvent): a status or a link changed elsewhere reaches the map
 * through them, and a list that did not change keeps its objects, so nothing else is laid out again for it.
 */
export function useMapData(projectId: number) {
  const structure = useStructure(projectId);
  const documents = structure.data;
  const lists = useQueries({
    queries: (documents ?? []).map((d) => ({
      queryKey: workingAreaKeys.documentRequirements(projectId, d.id),
      queryFn: () => fetchDocumentRequirements(d.id),
    })),
    combine: listsOf,
  });
  return useMemo(() => {
    const byDocument = new Map<number, RequirementPresented[] | undefined>();
    const requirements = new Map<number, RequirementPresented>();
    (documents ?? []).forEach((d, index) => {
      const list = lists[index];
      byDocument.set(d.id, list);
      for (const r of list ?? []) requirements.set(r.id, r);
    });
    return { documents, byDocument, requirements, error: structure.error };
  }, [documents, lists, structure.error]);
}
