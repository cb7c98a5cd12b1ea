import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useProject } from '../../projects/useProject';
import type { RequirementWithRevisions } from '../api/workingAreaApi';
import { workingAreaKeys } from '../api/workingAreaKeys';

export interface ActiveElement {
  documentId: number | null;
  categoryId: number | null;
  requirementId: number | null;
}

const DETAILED = /\/detailed\/(document|category|requirement)\/(\d+)\/?$/;

/**
 * What the detailed view shows, read from the address (the side bar lives outside the detailed route, so it has
 * no route parameters of its own). A requirement's document and category come from the cache, if it is loaded.
 */
export function useActiveElement(categoryDocument: (categoryId: number) => number | null): ActiveElement {
  const { pathname } = useLocation();
  const projectId = useProject().project.id;
  const match = DETAILED.exec(pathname);
  const view = match?.[1];
  const id = match ? Number(match[2]) : 0;
  const requirement = useQuery<RequirementWithRevisions>({
    queryKey: workingAreaKeys.requirement(projectId, id),
    // Only read from the cache: the requirement view loads it.
    enabled: false,
  }).data;
  if (view === 'document') return { documentId: id, categoryId: null, requirementId: null };
  if (view === 'category') return { documentId: categoryDocument(id), categoryId: id, requirementId: null };
  if (view === 'requirement') {
    return {
      documentId: requirement?.document_id ?? null,
      categoryId: requirement?.category_id ?? null,
      requirementId: id,
    };
  }
  return { documentId: null, categoryId: null, requirementId: null };
}
