import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { fetchAuditPage } from './historyApi';
import type { AuditFilterParams } from './historyFilters';

/**
 * The project's audit trail with these filters, page by page on the server's cursor. Read afresh each time the view
 * opens: the trail only grows, and a cached page would hide the change just made.
 */
export function useAuditTrail(projectId: number, params: AuditFilterParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.projectAudit(projectId, params),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(projectId, params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}
