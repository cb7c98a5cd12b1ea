import { useQuery } from '@tanstack/react-query';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchSuspectLinkCount } from './suspectLinksApi';

/**
 * How many suspect links the project has (decisions §22): the side bar's count and the view's, one cheap call that
 * reads no revision. Kept live with the list by the working area's applier.
 */
export function useSuspectLinkCount(projectId: number) {
  return useQuery({
    queryKey: workingAreaKeys.suspectLinkCount(projectId),
    queryFn: ({ signal }) => fetchSuspectLinkCount(projectId, signal),
  });
}
