import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  ClassifierPresented,
  CreateClassifierBody,
  TagColor,
  TagPresented,
  UpdateClassifierBody,
  UpdateTagBody,
} from '@reqloom/domain';
import { useProject } from '../projects/useProject';
import { applyOwnWorkingAreaEvents, type WorkingAreaEvent } from '../working-area/api/applyWorkingAreaEvent';
import { cachedRequirementsHold } from '../working-area/api/applyClassifierEvent';
import * as calls from './classifiersApi';

/**
 * The changes of the tags panel: each call, then the events its answer implies, applied to the caches as the
 * socket applies other members' (the server does not echo our own changes back). They throw the call's error
 * for the caller to show.
 */
export function useClassifierActions() {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;

  return useMemo(() => {
    const apply = (...events: (WorkingAreaEvent | false)[]) =>
      applyOwnWorkingAreaEvents(
        queryClient,
        projectId,
        events.filter((e): e is WorkingAreaEvent => e !== false),
      );
    /**
     * Taking tags off requirements moves their version: the cached ones holding any are reloaded, as the
     * server's RequirementsUpdated makes the other members do.
     */
    const holdersReloaded = (documentId: number, holds: (tag: TagPresented) => boolean): WorkingAreaEvent | false =>
      cachedRequirementsHold(queryClient, projectId, holds) && {
        name: 'RequirementsUpdated',
        payload: { document_ids: [documentId] },
      };

    return {
      createClassifier: async (body: CreateClassifierBody) => {
        const classifier = await calls.createClassifier(body);
        await apply({ name: 'ClassifierUpdated', payload: { classifier } });
        return classifier;
      },
      updateClassifier: async (classifier: ClassifierPresented, body: UpdateClassifierBody) => {
        const updated = await calls.updateClassifier(classifier.id, body);
        await apply({ name: 'ClassifierUpdated', payload: { classifier: updated } });
        return updated;
      },
      deleteClassifier: async (classifier: ClassifierPresented) => {
        await calls.deleteClassifier(classifier.id);
        await apply(
          holdersReloaded(classifier.document_id, (tag) => tag.classifier_id === classifier.id),
          {
            name: 'ClassifierDeleted',
            payload: { document_id: classifier.document_id, classifier_id: classifier.id },
          },
        );
      },

      createTag: async (classifier: ClassifierPresented, title: string, color: TagColor) => {
        const tag = await calls.createTag({ classifier_id: classifier.id, title, color });
        await apply({ name: 'TagUpdated', payload: { tag } });
        return tag;
      },
      /** A new title or colour: the requirements holding the tag show it (their version does not move). */
      updateTag: async (tag: TagPresented, body: UpdateTagBody) => {
        const updated = await calls.updateTag(tag.id, body);
        await apply({ name: 'TagUpdated', payload: { tag: updated } });
        return updated;
      },
      deleteTag: async (tag: TagPresented, documentId: number) => {
        await calls.deleteTag(tag.id);
        await apply(
          holdersReloaded(documentId, (held) => held.id === tag.id),
          {
            name: 'TagDeleted',
            payload: { classifier_id: tag.classifier_id, tag_id: tag.id },
          },
        );
      },
    };
  }, [queryClient, projectId]);
}

export type ClassifierActions = ReturnType<typeof useClassifierActions>;
