import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { fetchMyProjects } from './projectsApi';

/** The projects the user is a member of. */
export function useMyProjects() {
  return useQuery({ queryKey: queryKeys.userProjects, queryFn: fetchMyProjects });
}
