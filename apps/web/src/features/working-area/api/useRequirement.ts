import { useQuery } from '@tanstack/react-query';
import { fetchRequirement } from './workingAreaApi';
import { workingAreaKeys } from './workingAreaKeys';

/** One requirement with its revisions (newest first). */
export function useRequirement(projectId: number, id: number) {
  return useQuery({ queryKey: workingAreaKeys.requirement(projectId, id), queryFn: () => fetchRequirement(id) });
}
