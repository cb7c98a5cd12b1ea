import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CategoryPresented,
  CreateCategoryBody,
  CreateChildrenBody,
  CreateDocumentBody,
  CreateRequirementBody,
  RequirementPresented,
  UpdateCategoryBody,
  UpdateDocumentBody,
  UpdateRequirementBody,
} from '@reqloom/domain';
import { useProject } from '../../projects/useProject';
import * as calls from './workingAreaApi';
import type { StructureDocument } from './workingAreaApi';
import { cacheRequirement, forgetRequirement, refreshLinkedTo, refreshStructure } from './workingAreaCache';
import { workingAreaKeys as keys } from './workingAreaKeys';

/**
 * The working area's changes: each call, then the caches brought up to date from its answer (the server does not
 * echo our own changes back through realtime). They throw the call's error for the caller to show.
 */
export function useWorkingAreaActions() {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;

  return useMemo(() => {
    const reloadStructure = () => queryClient.invalidateQueries({ queryKey: keys.structure(projectId) });
    const reloadRequirements = (documentId: number) =>
      queryClient.invalidateQueries({ queryKey: keys.documentRequirements(projectId, documentId) });
    const reloadAllRequirements = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.allDocumentRequirements(projectId) }),
        queryClient.invalidateQueries({ queryKey: keys.allRequirements(projectId) }),
      ]);

    return {
      createDocument: async (body: Omit<CreateDocumentBody, 'project_id'>) => {
        const { data } = await calls.createDocument({ ...body, project_id: projectId });
        await reloadStructure();
        return data;
      },
      updateDocument: async (document: StructureDocument, body: UpdateDocumentBody) => {
        const updated = await calls.updateDocument(document.id, body);
        queryClient.setQueryData<StructureDocument[]>(keys.structure(projectId), (list) =>
          list?.map((d) => (d.id === updated.id ? { ...d, ...updated } : d)),
        );
        // Parents changed: coverage and links of this document's requirements and its parents' have too.
        await Promise.all([reloadStructure(), body.parents_id ? reloadAllRequirements() : null]);
        return updated;
      },
      deleteDocument: async (document: StructureDocument) => {
        await calls.deleteDocument(document.id);
        queryClient.setQueryData<StructureDocument[]>(keys.structure(projectId), (list) =>
          list?.filter((d) => d.id !== document.id),
        );
        await Promise.all([reloadStructure(), reloadAllRequirements()]);
      },

      createCategory: async (body: CreateCategoryBody) => {
        const created = await calls.createCategory(body);
        await reloadStructure();
        return created;
      },
      updateCategory: async (category: CategoryPresented, body: UpdateCategoryBody) => {
        const updated = await calls.updateCategory(category.id, body);
        // A new acronym or place changes the references and reading order of the requirements below.
        await Promise.all([reloadStructure(), reloadRequirements(category.document_id)]);
        return updated;
      },
      deleteCategory: async (category: CategoryPresented) => {
        await calls.deleteCategory(category.id);
        await Promise.all([reloadStructure(), reloadRequirements(category.document_id)]);
      },
      moveCategory: async (category: CategoryPresented, direction: 'up' | 'down') => {
        await calls.moveCategory(category.id, direction);
        await Promise.all([reloadStructure(), reloadRequirements(category.document_id)]);
      },

      createRequirement: async (body: CreateRequirementBody) => {
        const created = await calls.createRequirement(body);
        cacheRequirement(queryClient, projectId, created);
        refreshStructure(queryClient, projectId);
        return created;
      },
      updateRequirement: async (requirement: RequirementPresented, body: UpdateRequirementBody) => {
        const updated = await calls.updateRequirement(requirement.id, body);
        cacheRequirement(queryClient, projectId, updated);
        // New revision; link marks of the linked requirements; references when it moved.
        void queryClient.invalidateQueries({ queryKey: keys.requirement(projectId, requirement.id) });
        refreshLinkedTo(queryClient, projectId, updated);
        refreshLinkedTo(queryClient, projectId, requirement);
        if (updated.document_id !== requirement.document_id || updated.category_id !== requirement.category_id) {
          refreshStructure(queryClient, projectId);
          await Promise.all([reloadRequirements(requirement.document_id), reloadRequirements(updated.document_id)]);
        }
        return updated;
      },
      createChildren: async (requirement: RequirementPresented, body: CreateChildrenBody) => {
        const created = await calls.createChildren(requirement.id, body);
        for (const child of created) cacheRequirement(queryClient, projectId, child);
        refreshStructure(queryClient, projectId);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: keys.requirement(projectId, requirement.id) }),
          reloadRequirements(requirement.document_id),
        ]);
        return created;
      },
      copyRequirement: async (requirement: RequirementPresented) => {
        const copy = await calls.copyRequirement(requirement.id);
        refreshStructure(queryClient, projectId);
        // The copy goes just after the original: the order of the ones after it moves.
        await reloadRequirements(requirement.document_id);
        return copy;
      },
      moveRequirement: async (requirement: RequirementPresented, direction: 'up' | 'down') => {
        await calls.moveRequirement(requirement.id, direction);
        await reloadRequirements(requirement.document_id);
      },
      deleteRequirement: async (requirement: RequirementPresented) => {
        await calls.deleteRequirement(requirement.id);
        forgetRequirement(queryClient, projectId, requirement.id);
        refreshLinkedTo(queryClient, projectId, requirement);
        refreshStructure(queryClient, projectId);
      },
    };
  }, [queryClient, projectId]);
}

export type WorkingAreaActions = ReturnType<typeof useWorkingAreaActions>;
