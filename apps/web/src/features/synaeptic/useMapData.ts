import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchProjectMap, fetchStructure } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { decodeMap, type MapRequirement } from './logic/mapData';

const NO_REQUIREMENTS = new Map<number, MapRequirement>();
const NOTHING_LOADED = new Map<number, MapRequirement[] | undefined>();

/** The map's one read (here and in `useProjectPrefetch`), which puts the structure it carries in the structure's cache. */
export const projectMapQuery = (queryClient: QueryClient, projectId: number) => ({
  queryKey: workingAreaKeys.map(projectId),
  queryFn: async () => {
    const answer = await fetchProjectMap(projectId);
    queryClient.setQueryData(workingAreaKeys.structure(projectId), answer.documents);
    return answer;
  },
});

/**
 * The map's data: one read of the whole project (GET projects/map/{id}: the structure and compact rows, no
 * descriptions), decoded once per answer (`select` runs again only when the answer changes). The realtime events
 * reload it (applyWorkingAreaEvent), so that a status or a link changed elsewhere redraws the map. Until it comes,
 * the project's structure shows the documents, their cards to come, if the detailed view has it in the cache; the map
 * does not ask for it, since its own read carries it (and hands it to the structure's cache for the side tabs and the
 * detailed view). Asked for beside the map's read, the structure held that read back on PGlite's one connection
 * (~0.2 s at 20,000 requirements).
 */
export function useMapData(projectId: number) {
  const queryClient = useQueryClient();
  const map = useQuery({ ...projectMapQuery(queryClient, projectId), select: decodeMap });
  const structure = useQuery({
    queryKey: workingAreaKeys.structure(projectId),
    queryFn: () => fetchStructure(projectId),
    enabled: false,
  });
  return useMemo(() => {
    if (map.data) return { ...map.data, error: map.error };
    return {
      documents: structure.data,
      byDocument: NOTHING_LOADED,
      requirements: NO_REQUIREMENTS,
      error: map.error,
    };
  }, [map.data, map.error, structure.data]);
}
