import { useQuery } from '@tanstack/react-query';
import { fetchStructure } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/** The project's documents (by name) with their categories (in tree order): the side bar, views and selectors. */
export function useStructure(projectId: number) {
  return useQuery({ queryKey: workingAreaKeys.structure(projectId), queryFn: () => fetchStructure(projectId) });
}
