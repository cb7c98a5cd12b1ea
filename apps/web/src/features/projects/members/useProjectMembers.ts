import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys';
import { fetchProjectMembers } from '../projectsApi';

/** The project's members with their roles, sorted by name by the server (decisions §20). */
export function useProjectMembers(projectId: number) {
  return useQuery({ queryKey: queryKeys.projectMembers(projectId), queryFn: () => fetchProjectMembers(projectId) });
}
