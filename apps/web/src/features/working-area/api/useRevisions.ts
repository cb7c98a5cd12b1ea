import { useQuery } from '@tanstack/react-query';
import { fetchRevisions } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/**
 * A requirement's revisions, newest first, with their categories' references (decisions §22). Keyed by the
 * requirement's version, which every change moves (events included): the list follows without an event of its
 * own, and shows the requirement's previous list while the next one loads.
 */
export function useRevisions(projectId: number, id: number, version: number) {
  return useQuery({
    queryKey: workingAreaKeys.revisions(projectId, id, version),
    queryFn: () => fetchRevisions(id),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : undefined),
  });
}
