import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyOwnWorkingAreaEvents } from '../working-area/api/applyWorkingAreaEvent';
import { useProject } from '../projects/useProject';
import { validateLinks } from './suspectLinksApi';

/**
 * Marks links as reviewed, then applies the events the answer carries (both ends of each link, as other members'
 * screens get them): the marks, the side bar's count and the list follow from there.
 */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;
  return useCallback(
    async (links: { parent_id: number; child_id: number }[], comment: string) => {
      const events = await validateLinks({ links, comment: comment.trim() || undefined });
      await applyOwnWorkingAreaEvents(queryClient, projectId, events);
    },
    [queryClient, projectId],
  );
}
