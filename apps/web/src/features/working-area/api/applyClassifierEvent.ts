import type { QueryClient } from '@tanstack/react-query';
import type { ClassifierPresented, RequirementPresented, TagPresented } from '@reqloom/domain';
import type { WireEvent } from '../../../api/wireEvent';
import type { RequirementWithRevisions } from './workingAreaApi';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

export type ClassifierEvent = WireEvent<'ClassifierUpdated' | 'ClassifierDeleted' | 'TagUpdated' | 'TagDeleted'>;

type TagsChange = (tags: TagPresented[]) => TagPresented[];

/**
 * Changes the tags every cached requirement carries (the document lists and the opened requirements). `change`
 * answers the same array when it has nothing to change, so that rows whose tags stay as they were are not drawn
 * again, and a list with nothing to change stays the same list.
 */
function updateRequirementTags(queryClient: QueryClient, projectId: number, change: TagsChange): void {
  const changed = <R extends RequirementPresented>(requirement: R): R => {
    const tags = change(requirement.tags);
    return tags === requirement.tags ? requirement : { ...requirement, tags };
  };
  queryClient.setQueriesData<RequirementPresented[]>({ queryKey: keys.allDocumentRequirements(projectId) }, (list) => {
    if (!list) return list;
    const next = list.map(changed);
    return next.some((r, i) => r !== list[i]) ? next : list;
  });
  queryClient.setQueriesData<RequirementWithRevisions>({ queryKey: keys.allRequirements(projectId) }, (requirement) =>
    requirement ? changed(requirement) : requirement,
  );
}

function updateClassifierLists(
  queryClient: QueryClient,
  projectId: number,
  documentId: number | null,
  change: (classifiers: ClassifierPresented[]) => ClassifierPresented[],
): void {
  const queryKey = documentId === null ? keys.allClassifiers(projectId) : keys.classifiers(projectId, documentId);
  queryClient.setQueriesData<ClassifierPresented[]>({ queryKey }, (list) => list && change(list));
}

/** A classifier's tags with one tag written in (added at the end when new, as the server lists them). */
const withTag = (tags: TagPresented[], tag: TagPresented) =>
  tags.some((t) => t.id === tag.id) ? tags.map((t) => (t.id === tag.id ? tag : t)) : [...tags, tag];

/**
 * What the classifier and tag events change in the caches, whether they come over the socket (another member)
 * or from the caller's own answer. Everything they change is in the event, so nothing is reloaded here: the
 * classifier lists of the documents (the tags panel, the table's columns, the pickers), and the tags the
 * requirements carry (their badges, the table's filter), renamed, recoloured or taken off. The requirements
 * whose tags were taken off also moved to a new version: the server says so with RequirementsUpdated, which
 * reloads them.
 */
export function applyClassifierEvent(queryClient: QueryClient, projectId: number, event: ClassifierEvent): void {
  switch (event.name) {
    case 'ClassifierUpdated': {
      const { classifier } = event.payload;
      updateClassifierLists(queryClient, projectId, classifier.document_id, (list) =>
        list.some((c) => c.id === classifier.id)
          ? list.map((c) => (c.id === classifier.id ? classifier : c))
          : // In creation order, as the server lists them.
            [...list, classifier].sort((a, b) => a.id - b.id),
      );
      return;
    }
    case 'ClassifierDeleted': {
      const { document_id, classifier_id } = event.payload;
      updateClassifierLists(queryClient, projectId, document_id, (list) =>
        list.some((c) => c.id === classifier_id) ? list.filter((c) => c.id !== classifier_id) : list,
      );
      // Its tags left every requirement.
      updateRequirementTags(queryClient, projectId, (tags) =>
        tags.some((t) => t.classifier_id === classifier_id)
          ? tags.filter((t) => t.classifier_id !== classifier_id)
          : tags,
      );
      return;
    }
    case 'TagUpdated': {
      const { tag } = event.payload;
      // The event does not name the tag's document: its classifier is looked for in every cached list.
      updateClassifierLists(queryClient, projectId, null, (list) =>
        list.some((c) => c.id === tag.classifier_id)
          ? list.map((c) => (c.id === tag.classifier_id ? { ...c, tags: withTag(c.tags, tag) } : c))
          : list,
      );
      // The requirements holding it show its new title and colour (a new tag is held by none yet).
      updateRequirementTags(queryClient, projectId, (tags) =>
        tags.some((t) => t.id === tag.id && (t.title !== tag.title || t.color !== tag.color))
          ? tags.map((t) => (t.id === tag.id ? tag : t))
          : tags,
      );
      return;
    }
    case 'TagDeleted': {
      const { classifier_id, tag_id } = event.payload;
      updateClassifierLists(queryClient, projectId, null, (list) =>
        list.some((c) => c.id === classifier_id)
          ? list.map((c) => (c.id === classifier_id ? { ...c, tags: c.tags.filter((t) => t.id !== tag_id) } : c))
          : list,
      );
      updateRequirementTags(queryClient, projectId, (tags) =>
        tags.some((t) => t.id === tag_id) ? tags.filter((t) => t.id !== tag_id) : tags,
      );
      return;
    }
  }
}

/**
 * Whether a cached requirement holds one of these tags: then deleting them moves its version, and the caller's
 * own deletion must reload it as the server tells the others to (else its next save would meet a conflict).
 */
export function cachedRequirementsHold(
  queryClient: QueryClient,
  projectId: number,
  holds: (tag: TagPresented) => boolean,
): boolean {
  const lists = queryClient.getQueriesData<RequirementPresented[]>({
    queryKey: keys.allDocumentRequirements(projectId),
  });
  const views = queryClient.getQueriesData<RequirementPresented>({ queryKey: keys.allRequirements(projectId) });
  return (
    lists.some(([, list]) => list?.some((r) => r.tags.some(holds))) ||
    views.some(([, requirement]) => requirement?.tags.some(holds))
  );
}
