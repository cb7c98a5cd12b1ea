import { useQuery } from '@tanstack/react-query';
import { fetchRequirement } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/** One requirement with its revisions (newest first); not asked for when `enabled` is false. */
export function useRequirement(projectId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: workingAreaKeys.requirement(projectId, id),
    queryFn: () => fetchRequirement(id),
    enabled,
  });
}
