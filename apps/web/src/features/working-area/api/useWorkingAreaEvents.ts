import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useProjectEvents } from '../../../api/useProjectEvents';
import { cacheRequirement, forgetRequirement, refreshSoon } from './workingAreaCache';
import { workingAreaKeys as keys } from './workingAreaKeys';

/**
 * Keeps the working area's caches in step with other members' changes (the caller's own are not echoed back).
 * Each top-level piece of the working area mounts it; the invalidations are batched, so two mounts cost nothing.
 */
export function useWorkingAreaEvents(projectId: number): void {
  const queryClient = useQueryClient();
  const refresh = (...list: QueryKey[]) => refreshSoon(queryClient, list);
  const requirementsOf = (documentIds: number[]) => documentIds.map((id) => keys.documentRequirements(projectId, id));

  useProjectEvents(projectId, {
    ProjectStructureUpdated: () => refresh(keys.structure(projectId)),
    DocumentUpdated: ({ document }) =>
      refresh(keys.structure(projectId), keys.documentRequirements(projectId, document.id)),
    DocumentDeleted: ({ document_id }) => {
      queryClient.removeQueries({ queryKey: keys.documentRequirements(projectId, document_id) });
      refresh(keys.structure(projectId), keys.allDocumentRequirements(projectId), keys.allRequirements(projectId));
    },
    CategoryUpdated: () => refresh(keys.structure(projectId)),
    CategoriesUpdated: ({ document_id }) =>
      // Moving a category changes the reading order of its document's requirements.
      refresh(keys.structure(projectId), keys.documentRequirements(projectId, document_id)),
    CategoryDeleted: ({ document_id }) =>
      refresh(keys.structure(projectId), keys.documentRequirements(projectId, document_id)),
    RequirementUpdated: ({ requirement }) => {
      cacheRequirement(queryClient, projectId, requirement);
      const linked = [...requirement.parents, ...requirement.children].map((l) => keys.requirement(projectId, l.id));
      // Its revisions, the link marks of the requirements linked to it, and the documents' counts.
      refresh(keys.requirement(projectId, requirement.id), keys.structure(projectId), ...linked);
      if (linked.length > 0) refresh(keys.allDocumentRequirements(projectId));
    },
    RequirementsUpdated: ({ document_ids }) =>
      refresh(...requirementsOf(document_ids), keys.allRequirements(projectId)),
    RequirementDeleted: ({ requirement_id }) => {
      forgetRequirement(queryClient, projectId, requirement_id);
      refresh(keys.structure(projectId), keys.requirement(projectId, requirement_id));
    },
  });
}
