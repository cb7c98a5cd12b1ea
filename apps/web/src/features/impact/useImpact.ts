import { useQuery } from '@tanstack/react-query';
import { fetchImpact } from './impactApi';

/**
 * The impact of a requirement. Under the project's keys, so that whatever clears the project's caches clears it too.
 * The requirement's own children are part of the key: a link added or removed below it (which the realtime events
 * bring into the requirement's cache) asks again at once. A change further down shows once the answer is stale.
 */
export function useImpact(projectId: number, requirementId: number, children: readonly { id: number }[]) {
  const below = children
    .map((c) => c.id)
    .sort((a, b) => a - b)
    .join(',');
  return useQuery({
    queryKey: ['workingArea', projectId, 'impact', requirementId, below] as const,
    queryFn: () => fetchImpact(requirementId),
  });
}
