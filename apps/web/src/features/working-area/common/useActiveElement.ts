import { useLocation } from 'react-router';
import { useProject } from '../../projects/useProject';
import { useRequirement } from '../api/useRequirement';

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
  // The same query as the requirement view's (it is asked for once): a query without its fetcher would be refetched
  // empty-handed by a cache-wide refetch, which TanStack Query warns about.
  const requirement = useRequirement(projectId, id, view === 'requirement').data;
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
