import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CategoryPresented,
  CreateCategoryBody,
  CreateChildrenBody,
  CreateDocumentBody,
  CreateRequirementBody,
  RequirementPresented,
  TagPresented,
  UpdateCategoryBody,
  UpdateDocumentBody,
  UpdateRequirementBody,
} from '@reqloom/domain';
import { importDocuments, type ImportFormat } from '../../../api/imports';
import { useProject } from '../../projects/useProject';
import { saveResolvingConflicts } from '../conflicts/conflicts';
import { applyOwnWorkingAreaEvents, documentsShowing, linkedIds, type WorkingAreaEvent } from './applyWorkingAreaEvent';
import * as calls from './workingAreaApi';
import type { StructureDocument } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/**
 * The working area's changes: each call, then the events its answer implies, applied to the caches as the
 * socket applies other members' (the server does not echo our own changes back). Each builds what the server
 * sends the others for the same change. They throw the call's error for the caller to show.
 *
 * Updates always send the version they edited: `body.version` when the caller kept the one its edit started from
 * (an editor open while others save), else the element's. A conflict is settled with the person (keep mine or
 * take theirs); either way the answer is the element as it then is.
 */
export function useWorkingAreaActions() {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;

  return useMemo(() => {
    const apply = (...events: (WorkingAreaEvent | false)[]) =>
      applyOwnWorkingAreaEvents(
        queryClient,
        projectId,
        events.filter((e): e is WorkingAreaEvent => e !== false),
      );
    const structureUpdated: WorkingAreaEvent = {
      name: 'ProjectStructureUpdated',
      payload: { project_id: projectId },
    };
    const requirementsUpdated = (document_ids: number[]): WorkingAreaEvent | false =>
      document_ids.length > 0 && { name: 'RequirementsUpdated', payload: { document_ids: [...new Set(document_ids)] } };

    return {
      createDocument: async (body: Omit<CreateDocumentBody, 'project_id'>) => {
        const { data } = await calls.createDocument({ ...body, project_id: projectId });
        await apply({ name: 'DocumentUpdated', payload: { document: data } }, structureUpdated);
        return data;
      },
      updateDocument: async (document: StructureDocument, body: UpdateDocumentBody) => {
        const updated = await saveResolvingConflicts('document', body, body.version ?? document.version, (version) =>
          calls.updateDocument(document.id, { ...body, version }),
        );
        await apply(
          { name: 'DocumentUpdated', payload: { document: updated } },
          structureUpdated,
          // New parents: coverage and links of this document's requirements and of its old and new parents.
          !!body.parents_id && requirementsUpdated([document.id, ...updated.parents, ...document.parents]),
        );
        return updated;
      },
      /**
       * Imports a file (decisions §14). The answer lists the project's documents, without their categories: the
       * structure shows the new ones at once (with those it knew keeping theirs), then reloads to get theirs.
       * The other members hear of them from the server.
       */
      importDocuments: async (format: ImportFormat, file: File) => {
        const answer = await importDocuments(format, projectId, file);
        queryClient.setQueryData<StructureDocument[]>(workingAreaKeys.structure(projectId), (list) => {
          if (!list) return list;
          const known = new Map(list.map((d) => [d.id, d]));
          return answer.projectDocuments.map((d) => ({ categories: [], ...known.get(d.id), ...d }));
        });
        await apply(structureUpdated, requirementsUpdated(answer.data.documents.map((d) => d.id)));
        return answer.data;
      },
      deleteDocument: async (document: StructureDocument) => {
        await calls.deleteDocument(document.id);
        await apply(
          { name: 'DocumentDeleted', payload: { document_id: document.id } },
          structureUpdated,
          requirementsUpdated([...document.parents, ...document.children]),
        );
      },

      createCategory: async (body: CreateCategoryBody) => {
        const created = await calls.createCategory(body);
        await apply({ name: 'CategoryUpdated', payload: { category: created } }, structureUpdated);
        return created;
      },
      updateCategory: async (category: CategoryPresented, body: UpdateCategoryBody) => {
        const updated = await saveResolvingConflicts('category', body, body.version ?? category.version, (version) =>
          calls.updateCategory(category.id, { ...body, version }),
        );
        const moved = body.parent_id !== undefined && body.parent_id !== category.parent_id;
        await apply(
          { name: 'CategoryUpdated', payload: { category: updated } },
          structureUpdated,
          // A new acronym or place changes the references and reading order of the requirements below.
          (body.acronym !== undefined || moved) && requirementsUpdated([category.document_id]),
        );
        return updated;
      },
      deleteCategory: async (category: CategoryPresented) => {
        await calls.deleteCategory(category.id);
        await apply(
          { name: 'CategoryDeleted', payload: { category_id: category.id, document_id: category.document_id } },
          requirementsUpdated([category.document_id]),
          structureUpdated,
        );
      },
      moveCategory: async (category: CategoryPresented, direction: 'up' | 'down') => {
        await calls.moveCategory(category.id, direction);
        await apply({ name: 'CategoriesUpdated', payload: { document_id: category.document_id } }, structureUpdated);
      },

      createRequirement: async (body: CreateRequirementBody) => {
        const created = await calls.createRequirement(body);
        await apply({ name: 'RequirementUpdated', payload: { requirement: created } });
        return created;
      },
      updateRequirement: async (requirement: RequirementPresented, body: UpdateRequirementBody) => {
        const updated = await saveResolvingConflicts(
          'requirement',
          body,
          body.version ?? requirement.version,
          (version) => calls.updateRequirement(requirement.id, { ...body, version }),
        );
        // Links dropped: the requirements on their other end show it (those kept or added come with the answer).
        const kept = new Set(linkedIds(updated));
        const dropped = linkedIds(requirement).filter((id) => !kept.has(id));
        const movedFrom = updated.document_id !== requirement.document_id ? [requirement.document_id] : [];
        await apply(
          { name: 'RequirementUpdated', payload: { requirement: updated } },
          requirementsUpdated([...documentsShowing(queryClient, projectId, dropped), ...movedFrom]),
        );
        return updated;
      },
      /**
       * Replaces the requirement's tags (`tags_id`), from the version the picker opened on. A conflict shows both
       * sets of tags; keeping mine saves the whole set as this person chose it.
       */
      setRequirementTags: async (requirement: RequirementPresented, tags: TagPresented[], version?: number) => {
        const updated = await saveResolvingConflicts('requirement', { tags }, version ?? requirement.version, (v) =>
          calls.updateRequirement(requirement.id, { tags_id: tags.map((tag) => tag.id), version: v }),
        );
        await apply({ name: 'RequirementUpdated', payload: { requirement: updated } });
        return updated;
      },
      createChildren: async (requirement: RequirementPresented, body: CreateChildrenBody) => {
        const created = await calls.createChildren(requirement.id, body);
        // Each child names its parent among its links: the parent's view and list are reloaded with them.
        await apply(
          ...created.map((child): WorkingAreaEvent => ({
            name: 'RequirementUpdated',
            payload: { requirement: child },
          })),
        );
        return created;
      },
      copyRequirement: async (requirement: RequirementPresented) => {
        const copy = await calls.copyRequirement(requirement.id);
        // The copy goes just after the original: the order of the ones after it moves.
        await apply(
          { name: 'RequirementUpdated', payload: { requirement: copy } },
          requirementsUpdated([requirement.document_id]),
        );
        return copy;
      },
      moveRequirement: async (requirement: RequirementPresented, direction: 'up' | 'down') => {
        await calls.moveRequirement(requirement.id, direction);
        await apply(requirementsUpdated([requirement.document_id]));
      },
      deleteRequirement: async (requirement: RequirementPresented) => {
        await calls.deleteRequirement(requirement.id);
        await apply(
          {
            name: 'RequirementDeleted',
            payload: { requirement_id: requirement.id, document_id: requirement.document_id },
          },
          requirementsUpdated(documentsShowing(queryClient, projectId, linkedIds(requirement))),
        );
      },
    };
  }, [queryClient, projectId]);
}

export type WorkingAreaActions = ReturnType<typeof useWorkingAreaActions>;
