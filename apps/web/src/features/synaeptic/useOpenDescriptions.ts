import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { fetchRequirement, type RequirementWithRevisions } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { descriptionPreview } from './logic/description';

// Module-level, so that useQueries combines again only when one of the requirements changes.
function previews(results: UseQueryResult<RequirementWithRevisions>[]): Map<number, string> {
  const open = new Map<number, string>();
  for (const { data } of results) if (data) open.set(data.id, descriptionPreview(data.description));
  return open;
}

/**
 * The previews of the descriptions open on the map, requirement → text. The map's own read carries no
 * descriptions (a project's would weigh more than the rest together): each open card reads its requirement,
 * through the cache of the requirement view, which the realtime events keep current. A card opens once its
 * description is here.
 */
export function useOpenDescriptions(projectId: number, ids: ReadonlySet<number>): Map<number, string> {
  return useQueries({
    queries: [...ids].map((id) => ({
      queryKey: workingAreaKeys.requirement(projectId, id),
      queryFn: () => fetchRequirement(id),
    })),
    combine: previews,
  });
}
