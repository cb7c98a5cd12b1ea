import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RequirementPresented } from '@reqloom/domain';
import { isWorkingAreaEvent, type WireEvent, type WorkingAreaEventName } from '../../../api/wireEvent';
import { applyCommentCreated } from './applyCommentCreated';
import { applyClassifierEvent } from './applyClassifierEvent';
import type { StructureDocument } from './workingAreaApi';
import {
  cacheRequirement,
  cachedDocumentLists,
  cachedRequirement,
  flushRefreshes,
  forgetRequirement,
  refreshSoon,
} from './workingAreaCache';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

export type WorkingAreaEvent = WireEvent<WorkingAreaEventName>;

/** The ids of the requirements at the other end of a requirement's links, parents and children. */
export const linkedIds = (requirement: RequirementPresented) =>
  [...requirement.parents, ...requirement.children].map((link) => link.id);

function updateStructure(
  queryClient: QueryClient,
  projectId: number,
  change: (documents: StructureDocument[]) => StructureDocument[],
) {
  queryClient.setQueryData<StructureDocument[]>(keys.structure(projectId), (list) => list && change(list));
}

/**
 * The one place that knows how each working-area event changes the caches: what it carries is written in
 * directly, what it only names is reloaded (grouped with the other reloads of the next 150 ms). The synaeptic
 * map's read (`keys.map`) is reloaded on every change it draws: it is one answer for the whole project, read
 * again only while the map is on screen (an invalidated query nobody watches waits to be asked for). The socket
 * applies the events of other members as they come; a screen's own call applies those its answer carries
 * (see useWorkingAreaActions). The promise settles once the reloads it asked for are done.
 */
export function applyWorkingAreaEvent(
  queryClient: QueryClient,
  projectId: number,
  event: WorkingAreaEvent,
): Promise<void> {
  const refresh = (...list: QueryKey[]) => refreshSoon(queryClient, list);
  switch (event.name) {
    case 'ProjectStructureUpdated':
      // A document's parent removed takes the requirement links between the two documents with it.
      return refresh(keys.structure(projectId), keys.map(projectId), keys.suspectLinks(projectId));

    case 'DocumentUpdated': {
      const { document } = event.payload;
      updateStructure(queryClient, projectId, (list) =>
        list.map((d) => (d.id === document.id ? { ...d, ...document } : d)),
      );
      // Its acronym is the prefix of its requirements' references.
      return refresh(keys.structure(projectId), keys.documentRequirements(projectId, document.id), keys.map(projectId));
    }
    case 'DocumentSettingsUpdated': {
      const { document_id, settings } = event.payload;
      updateStructure(queryClient, projectId, (list) =>
        list.map((d) => (d.id === document_id ? { ...d, settings } : d)),
      );
      return Promise.resolve();
    }
    case 'DocumentDeleted': {
      const { document_id } = event.payload;
      updateStructure(queryClient, projectId, (list) => list.filter((d) => d.id !== document_id));
      // A screen still on it keeps what it shows until it leaves, rather than loading it again (404).
      queryClient.removeQueries({ queryKey: keys.documentRequirements(projectId, document_id), type: 'inactive' });
      queryClient.removeQueries({ queryKey: keys.classifiers(projectId, document_id), type: 'inactive' });
      // Its requirements' links went with it: coverage and link marks elsewhere change.
      const others = [...cachedDocumentLists(queryClient, projectId).keys()].filter((id) => id !== document_id);
      return refresh(
        keys.structure(projectId),
        ...others.map((id) => keys.documentRequirements(projectId, id)),
        keys.allRequirements(projectId),
        keys.map(projectId),
        keys.suspectLinks(projectId),
      );
    }

    case 'ClassifierUpdated':
    case 'ClassifierDeleted':
    case 'TagUpdated':
    case 'TagDeleted':
      applyClassifierEvent(queryClient, projectId, event);
      return Promise.resolve();

    case 'CategoryUpdated': {
      const { category } = event.payload;
      updateStructure(queryClient, projectId, (list) =>
        list.map((d) =>
          d.id === category.document_id
            ? { ...d, categories: d.categories.map((c) => (c.id === category.id ? category : c)) }
            : d,
        ),
      );
      return refresh(keys.structure(projectId), keys.map(projectId));
    }
    case 'CategoriesUpdated':
    case 'CategoryDeleted':
      // The category tree changed: so did its document's reading order (and, on a deletion, categories).
      return refresh(
        keys.structure(projectId),
        keys.documentRequirements(projectId, event.payload.document_id),
        keys.map(projectId),
      );

    case 'RequirementUpdated': {
      const { requirement } = event.payload;
      const before = cachedRequirement(queryClient, projectId, requirement.id);
      cacheRequirement(queryClient, projectId, requirement);
      const linked = linkedIds(requirement);
      const reload: QueryKey[] = [
        // Its revisions, and the link marks of the requirements linked to it.
        keys.requirement(projectId, requirement.id),
        ...linked.map((id) => keys.requirement(projectId, id)),
        // The map draws its name, status, links and their marks, and the coverage of those linked to it.
        keys.map(projectId),
        // Its change may turn its links suspect, or answer them (a child's change, a validation).
        keys.suspectLinks(projectId),
      ];
      // A run of a test changes it (its steps take the run's statuses): the test view's list of runs follows.
      if (requirement.test) reload.push(keys.testRuns(projectId, requirement.id));
      // The structure counts each document's requirements: new ones, or one that changed document.
      if (before?.document_id !== requirement.document_id) reload.push(keys.structure(projectId));
      // Linked requirements live in other documents; this one's list is already up to date.
      if (linked.length > 0) {
        for (const documentId of cachedDocumentLists(queryClient, projectId).keys()) {
          if (documentId !== requirement.document_id) reload.push(keys.documentRequirements(projectId, documentId));
        }
      }
      return refresh(...reload);
    }
    case 'RequirementsUpdated':
      // Orders, references or links of these documents' requirements changed; views show links.
      return refresh(
        ...event.payload.document_ids.map((id) => keys.documentRequirements(projectId, id)),
        keys.allRequirements(projectId),
        keys.map(projectId),
        keys.suspectLinks(projectId),
      );
    case 'RequirementDeleted': {
      const { requirement_id } = event.payload;
      forgetRequirement(queryClient, projectId, requirement_id);
      return refresh(
        keys.structure(projectId),
        keys.requirement(projectId, requirement_id),
        keys.map(projectId),
        keys.suspectLinks(projectId),
      );
    }
    case 'CommentCreated':
      applyCommentCreated(queryClient, projectId, event.payload.comment);
      return Promise.resolve();
  }
}

/**
 * Applies the events a screen's own write answered with (the working area's; the server sent the same to the
 * project's room) and reloads what they name at once: the caller waits for the screens to show its change (a new
 * document it opens next, a list it moved something in).
 */
export async function applyOwnWorkingAreaEvents(
  queryClient: QueryClient,
  projectId: number,
  events: WireEvent[],
): Promise<void> {
  const done = events.filter(isWorkingAreaEvent).map((event) => applyWorkingAreaEvent(queryClient, projectId, event));
  await flushRefreshes(queryClient);
  await Promise.all(done);
}
