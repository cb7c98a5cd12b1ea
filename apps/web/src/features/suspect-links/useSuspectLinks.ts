import { useInfiniteQuery } from '@tanstack/react-query';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchSuspectLinkPage } from './suspectLinksApi';

/**
 * The Suspect links view's list, page by page on the server's cursor as the reader asks for more. Kept live by the
 * working area's applier, which reloads the pages loaded on every event that can change a link's mark; a keyset
 * page stays right when links before it leave the list meanwhile.
 */
export function useSuspectLinks(projectId: number) {
  return useInfiniteQuery({
    queryKey: workingAreaKeys.suspectLinkPages(projectId),
    queryFn: ({ pageParam, signal }) => fetchSuspectLinkPage(projectId, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
