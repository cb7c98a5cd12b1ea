import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CategoryPresented,
  CreateCategoryBody,
  CreateChildrenBody,
  CreateDocumentBody,
  CreateRequirementBody,
  DocumentPresented,
  RequirementPresented,
  RevisionListed,
  TagPresented,
  UpdateCategoryBody,
  UpdateDocumentBody,
  UpdateRequirementBody,
} from '@reqloom/domain';
import { importDocuments, type ImportFormat } from '../../../api/imports';
import type { WireEvent } from '../../../api/wireEvent';
import type { Written } from '../../../api/client';
import { useProject } from '../../projects/useProject';
import { saveResolvingConflicts, type ConflictKind } from '../conflicts/conflicts';
import { applyOwnWorkingAreaEvents, type WorkingAreaEvent } from './applyWorkingAreaEvent';
import * as calls from './workingAreaApi';
import type { StructureDocument } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

/**
 * The working area's changes: each call, then the events its answer carries (those the server sent the other
 * members for it), applied to the caches as the socket applies other members' (the server does not send our own
 * changes to our socket). They throw the call's error for the caller to show.
 *
 * Updates always send the version they edited: `body.version` when the caller kept the one its edit started from
 * (an editor open while others save), else the element's. A conflict is settled with the person (keep mine or
 * take theirs); either way the answer is the element as it then is.
 */
export function useWorkingAreaActions() {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;

  return useMemo(() => {
    const apply = (events: WireEvent[]) => applyOwnWorkingAreaEvents(queryClient, projectId, events);
    /** Applies a write's events and answers its result. */
    const applied = async <T>(call: Promise<Written<T>>) => {
      const { data, events } = await call;
      await apply(events);
      return data;
    };
    /**
     * Saves through a conflict (decisions §19). Taking theirs writes nothing: the element the conflict answered
     * goes in the caches as its own event would (the socket brings the other person's events as well).
     */
    const saved = async <T extends { version: number }>(
      kind: ConflictKind,
      mine: Record<string, unknown>,
      version: number,
      send: (version: number) => Promise<Written<T>>,
      asEvent: (element: T) => WorkingAreaEvent,
    ) => {
      let answer: Written<T> | undefined;
      const element = await saveResolvingConflicts(kind, mine, version, async (v) => (answer = await send(v)).data);
      await apply(answer?.data === element ? answer.events : [asEvent(element)]);
      return element;
    };
    const documentEvent = (document: DocumentPresented): WorkingAreaEvent => ({
      name: 'DocumentUpdated',
      payload: { document },
    });
    const categoryEvent = (category: CategoryPresented): WorkingAreaEvent => ({
      name: 'CategoryUpdated',
      payload: { category },
    });
    const requirementEvent = (requirement: RequirementPresented): WorkingAreaEvent => ({
      name: 'RequirementUpdated',
      payload: { requirement },
    });

    return {
      createDocument: async (body: Omit<CreateDocumentBody, 'project_id'>) =>
        applied(calls.createDocument({ ...body, project_id: projectId })),
      updateDocument: (document: StructureDocument, body: UpdateDocumentBody) =>
        saved(
          'document',
          body,
          body.version ?? document.version,
          (version) => calls.updateDocument(document.id, { ...body, version }),
          documentEvent,
        ),
      /**
       * Imports a file (decisions §14). The answer lists the project's documents, without their categories: the
       * structure shows the new ones at once (with those it knew keeping theirs), then its events reload the rest.
       */
      importDocuments: async (format: ImportFormat, file: File) => {
        const answer = await importDocuments(format, projectId, file);
        queryClient.setQueryData<StructureDocument[]>(workingAreaKeys.structure(projectId), (list) => {
          if (!list) return list;
          const known = new Map(list.map((d) => [d.id, d]));
          return answer.projectDocuments.map((d) => ({ categories: [], ...known.get(d.id), ...d }));
        });
        await apply(answer.events ?? []);
        return answer.data;
      },
      deleteDocument: async (document: StructureDocument) => apply(await calls.deleteDocument(document.id)),

      createCategory: (body: CreateCategoryBody) => applied(calls.createCategory(body)),
      updateCategory: (category: CategoryPresented, body: UpdateCategoryBody) =>
        saved(
          'category',
          body,
          body.version ?? category.version,
          (version) => calls.updateCategory(category.id, { ...body, version }),
          categoryEvent,
        ),
      deleteCategory: async (category: CategoryPresented) => apply(await calls.deleteCategory(category.id)),
      moveCategory: async (category: CategoryPresented, direction: 'up' | 'down') => {
        await applied(calls.moveCategory(category.id, direction));
      },

      createRequirement: (body: CreateRequirementBody) => applied(calls.createRequirement(body)),
      updateRequirement: (requirement: RequirementPresented, body: UpdateRequirementBody) =>
        saved(
          'requirement',
          body,
          body.version ?? requirement.version,
          (version) => calls.updateRequirement(requirement.id, { ...body, version }),
          requirementEvent,
        ),
      /**
       * Restores a revision (decisions §22) from the version shown. A conflict compares the revision's fields with
       * the requirement as it now is; keeping mine restores it over the current version.
       */
      restoreRequirement: (requirement: RequirementPresented, revision: RevisionListed) =>
        saved(
          'requirement',
          { name: revision.name, description: revision.description, status: revision.status },
          requirement.version,
          (version) => calls.restoreRequirement(requirement.id, { revision_id: revision.id, version }),
          requirementEvent,
        ),
      /**
       * Replaces the requirement's tags (`tags_id`), from the version the picker opened on. A conflict shows both
       * sets of tags; keeping mine saves the whole set as this person chose it.
       */
      setRequirementTags: (requirement: RequirementPresented, tags: TagPresented[], version?: number) =>
        saved(
          'requirement',
          { tags },
          version ?? requirement.version,
          (v) => calls.updateRequirement(requirement.id, { tags_id: tags.map((tag) => tag.id), version: v }),
          requirementEvent,
        ),
      createChildren: (requirement: RequirementPresented, body: CreateChildrenBody) =>
        applied(calls.createChildren(requirement.id, body)),
      copyRequirement: (requirement: RequirementPresented) => applied(calls.copyRequirement(requirement.id)),
      moveRequirement: async (requirement: RequirementPresented, direction: 'up' | 'down') => {
        await applied(calls.moveRequirement(requirement.id, direction));
      },
      deleteRequirement: async (requirement: RequirementPresented) =>
        apply(await calls.deleteRequirement(requirement.id)),
    };
  }, [queryClient, projectId]);
}

export type WorkingAreaActions = ReturnType<typeof useWorkingAreaActions>;
