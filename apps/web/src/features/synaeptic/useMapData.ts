import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStructure } from '../working-area/api/useStructure';
import { fetchProjectMap } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';
import { decodeMap, type MapRequirement } from './logic/mapData';

const NO_REQUIREMENTS = new Map<number, MapRequirement>();
const NOTHING_LOADED = new Map<number, MapRequirement[] | undefined>();

/**
 * The map's data: one read of the whole project (GET projects/map/{id}: the structure and compact rows, no
 * descriptions), decoded once per answer (`select` runs again only when the answer changes). The realtime events
 * reload it (applyWorkingAreaEvent), so that a status or a link changed elsewhere redraws the map. Until it comes,
 * the project's structure (often already cached by the detailed view) shows the documents, their cards to come.
 */
export function useMapData(projectId: number) {
  const map = useQuery({
    queryKey: workingAreaKeys.map(projectId),
    queryFn: () => fetchProjectMap(projectId),
    select: decodeMap,
  });
  const structure = useStructure(projectId);
  return useMemo(() => {
    if (map.data) return { ...map.data, error: map.error };
    return {
      documents: structure.data,
      byDocument: NOTHING_LOADED,
      requirements: NO_REQUIREMENTS,
      error: map.error ?? structure.error,
    };
  }, [map.data, map.error, structure.data, structure.error]);
}
