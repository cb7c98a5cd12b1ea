import { useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { RequirementPresented } from '@reqloom/domain';
import { useStructure } from '../working-area/api/useStructure';
import { fetchDocumentRequirements } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';
import { LISTS_IN_FLIGHT, mapLoadOrder } from './logic/loadOrder';

// Module-level, so that useQueries keeps one reference and combines again only when a list changes.
const listsOf = (results: UseQueryResult<RequirementPresented[]>[]) => results.map((result) => result.data);

/**
 * The map's data from the project reads that exist (decisions §18): the structure (documents with their
 * categories), then every document's requirements, left to right and top to bottom. They are the caches the
 * detailed view uses, which the realtime events keep current (applyWorkingAreaEvent): a status or a link changed
 * elsewhere reaches the map through them, and a list that did not change keeps its objects.
 */
export function useMapData(projectId: number) {
  const structure = useStructure(projectId);
  const documents = structure.data;
  // A few lists at a time, in the map's order: all fifty of a large project at once are served interleaved by the
  // database and all arrive at the end (20 s for 20,000 requirements on a busy machine before any card showed);
  // this way the first documents show as soon as they arrive, and the whole takes no longer.
  const rank = useMemo(() => new Map(mapLoadOrder(documents ?? []).map((id, index) => [id, index])), [documents]);
  const cached = useQueries({
    queries: (documents ?? []).map((d) => ({
      queryKey: workingAreaKeys.documentRequirements(projectId, d.id),
      queryFn: () => fetchDocumentRequirements(d.id),
      enabled: false,
    })),
    combine: listsOf,
  });
  const settled = cached.filter((list) => list !== undefined).length;
  const lists = useQueries({
    queries: (documents ?? []).map((d) => ({
      queryKey: workingAreaKeys.documentRequirements(projectId, d.id),
      queryFn: () => fetchDocumentRequirements(d.id),
      enabled: (rank.get(d.id) ?? 0) < settled + LISTS_IN_FLIGHT,
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
