import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CategoryPresented, RequirementPresented } from '@reqloom/domain';
import { upsertRequirement } from '../logic/requirementOrder';
import type { RequirementWithRevisions, StructureDocument } from './workingAreaApi';
import { workingAreaKeys } from './workingAreaKeys';

// Cache updates shared by the screens' own calls (which answer with the new state) and by the realtime events
// (which bring other members' changes).

const BATCH_MS = 150;
const pending = new WeakMap<QueryClient, { keys: Map<string, QueryKey>; timer: ReturnType<typeof setTimeout> }>();

/**
 * Invalidates these caches a moment later, once: a burst of events (a member creating many requirements, or
 * one change sending several events) costs one reload of each list rather than one per event.
 */
export function refreshSoon(queryClient: QueryClient, keys: QueryKey[]): void {
  let batch = pending.get(queryClient);
  if (!batch) {
    const created = {
      keys: new Map<string, QueryKey>(),
      timer: setTimeout(() => {
        pending.delete(queryClient);
        for (const key of created.keys.values()) void queryClient.invalidateQueries({ queryKey: key });
      }, BATCH_MS),
    };
    batch = created;
    pending.set(queryClient, batch);
  }
  for (const key of keys) batch.keys.set(JSON.stringify(key), key);
}

/** Every category of the project by id, from the cached structure. */
export function cachedCategories(queryClient: QueryClient, projectId: number): Map<number, CategoryPresented> {
  const structure = queryClient.getQueryData<StructureDocument[]>(workingAreaKeys.structure(projectId)) ?? [];
  return new Map(structure.flatMap((d) => d.categories.map((c) => [c.id, c] as const)));
}

/** Puts a requirement's new state in every cache that holds it (its view, its document's list). */
export function cacheRequirement(queryClient: QueryClient, projectId: number, requirement: RequirementPresented) {
  queryClient.setQueryData<RequirementWithRevisions>(
    workingAreaKeys.requirement(projectId, requirement.id),
    (old) => old && { ...old, ...requirement },
  );
  const categories = cachedCategories(queryClient, projectId);
  const lists = queryClient.getQueriesData<RequirementPresented[]>({
    queryKey: workingAreaKeys.allDocumentRequirements(projectId),
  });
  for (const [key, list] of lists) {
    const documentId = key[3];
    if (!list || typeof documentId !== 'number') continue;
    if (documentId !== requirement.document_id && !list.some((r) => r.id === requirement.id)) continue;
    queryClient.setQueryData(key, upsertRequirement(list, documentId, requirement, categories));
  }
}

/** Takes a deleted requirement out of the document lists (its own view finds out by reloading: 404). */
export function forgetRequirement(queryClient: QueryClient, projectId: number, id: number) {
  queryClient.setQueriesData<RequirementPresented[]>(
    { queryKey: workingAreaKeys.allDocumentRequirements(projectId) },
    (list) => list?.filter((r) => r.id !== id),
  );
}

/**
 * After a requirement changed, the requirements linked to it (in other documents) may show a different link
 * state or coverage: reload the other documents' lists and views, but not the changed one (already up to date).
 */
export function refreshLinkedTo(queryClient: QueryClient, projectId: number, requirement: RequirementPresented) {
  void queryClient.invalidateQueries({
    queryKey: workingAreaKeys.allDocumentRequirements(projectId),
    predicate: (query) => query.queryKey[3] !== requirement.document_id,
  });
  const linked = new Set([...requirement.parents, ...requirement.children].map((l) => l.id));
  void queryClient.invalidateQueries({
    queryKey: workingAreaKeys.allRequirements(projectId),
    predicate: (query) => linked.has(query.queryKey[3] as number),
  });
}

/** The structure carries each document's requirement count: reload it after requirements come or go. */
export function refreshStructure(queryClient: QueryClient, projectId: number) {
  refreshSoon(queryClient, [workingAreaKeys.structure(projectId)]);
}
