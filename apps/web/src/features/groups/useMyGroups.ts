import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { fetchMyGroups } from './groupsApi';

/** The groups the user is a member of (dashboard, namespace choices of a new project, transfer targets). */
export function useMyGroups() {
  return useQuery({ queryKey: queryKeys.userGroups, queryFn: fetchMyGroups });
}
