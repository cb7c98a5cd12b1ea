import { useQuery } from '@tanstack/react-query';
import { SUSPECT_PAGE_MAX } from '@reqloom/domain';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchSuspectLinkPage } from './suspectLinksApi';

/**
 * The suspect links of one child (what the traceability section's dialog explains), asked of the server rather than
 * looked for in the view's pages, which may not have reached it. Only while `childId` is set (the dialog is open).
 */
export function useChildSuspectLinks(projectId: number, childId: number | null) {
  return useQuery({
    queryKey: workingAreaKeys.suspectLinksOfChild(projectId, childId ?? 0),
    queryFn: ({ signal }) =>
      fetchSuspectLinkPage(projectId, { childId: childId!, limit: SUSPECT_PAGE_MAX }, signal).then((page) => page.data),
    enabled: childId !== null,
  });
}
