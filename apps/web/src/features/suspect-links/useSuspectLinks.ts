import { useQuery } from '@tanstack/react-query';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchSuspectLinks } from './suspectLinksApi';

/**
 * The project's suspect links, one cache for the side bar's count, the view and the traceability section's dialog.
 * Kept live by the working area's applier, which reloads it on every event that can change a link's mark.
 */
export function useSuspectLinks(projectId: number) {
  return useQuery({
    queryKey: workingAreaKeys.suspectLinks(projectId),
    queryFn: ({ signal }) => fetchSuspectLinks(projectId, signal),
  });
}
