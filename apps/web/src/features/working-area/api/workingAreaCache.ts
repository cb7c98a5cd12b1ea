import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CategoryPresented, RequirementPresented } from '@reqloom/domain';
import { upsertRequirement } from '../logic/requirementOrder';
import type { RequirementWithRevisions, StructureDocument } from './workingAreaApi';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

// The pieces the event applier (applyWorkingAreaEvent.ts) is made of: direct cache updates, and the grouped
// reloads. Screens and sockets do not call them directly; they apply events.

const BATCH_MS = 150;

interface Batch {
  keys: Map<string, QueryKey>;
  timer: ReturnType<typeof setTimeout>;
  done: Promise<void>;
  resolve: () => void;
}
const pending = new WeakMap<QueryClient, Batch>();

function run(queryClient: QueryClient, batch: Batch): void {
  clearTimeout(batch.timer);
  if (pending.get(queryClient) === batch) pending.delete(queryClient);
  const reloads = [...batch.keys.values()].map((key) => reload(queryClient, key));
  void Promise.allSettled(reloads).then(batch.resolve);
}

/**
 * Reads a cache again. A read already on its way is let finish and then read again, not cancelled and restarted
 * (TanStack's default): a slow read, such as the map's whole project (a second or more at 20,000 requirements),
 * would otherwise be cancelled by every batch while members keep writing, and never arrive.
 */
async function reload(queryClient: QueryClient, key: QueryKey): Promise<void> {
  const busy = queryClient.isFetching({ queryKey: key }) > 0;
  await queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
  // The answer on its way may predate the events of this batch.
  if (busy) await queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
}

/**
 * Invalidates these caches a moment later, once: a burst of events (a member creating many requirements, or
 * one change sending several events) costs one reload of each list rather than one per event. The promise
 * settles once the batch has been reloaded.
 */
export function refreshSoon(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  let batch = pending.get(queryClient);
  if (!batch) {
    let resolve = () => undefined as void;
    const done = new Promise<void>((r) => (resolve = r));
    const created: Batch = {
      keys: new Map(),
      timer: setTimeout(() => run(queryClient, created), BATCH_MS),
      done,
      resolve,
    };
    batch = created;
    pending.set(queryClient, batch);
  }
  for (const key of keys) batch.keys.set(JSON.stringify(key), key);
  return batch.done;
}

/** Runs the waiting batch now (a screen's own change, whose author waits for it); settles once reloaded. */
export function flushRefreshes(queryClient: QueryClient): Promise<void> {
  const batch = pending.get(queryClient);
  if (!batch) return Promise.resolve();
  run(queryClient, batch);
  return batch.done;
}

/** Every category of the project by id, from the cached structure. */
export function cachedCategories(queryClient: QueryClient, projectId: number): Map<number, CategoryPresented> {
  const structure = queryClient.getQueryData<StructureDocument[]>(workingAreaKeys.structure(projectId)) ?? [];
  return new Map(structure.flatMap((d) => d.categories.map((c) => [c.id, c] as const)));
}

/** A requirement as the caches know it (its view, else a document list), before a change is applied. */
export function cachedRequirement(
  queryClient: QueryClient,
  projectId: number,
  id: number,
): RequirementPresented | undefined {
  const view = queryClient.getQueryData<RequirementPresented>(workingAreaKeys.requirement(projectId, id));
  if (view) return view;
  for (const [, list] of queryClient.getQueriesData<RequirementPresented[]>({
    queryKey: workingAreaKeys.allDocumentRequirements(projectId),
  })) {
    const found = list?.find((r) => r.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The cached document lists, by document id (a list nobody loaded needs no reload). */
export function cachedDocumentLists(queryClient: QueryClient, projectId: number): Map<number, RequirementPresented[]> {
  const lists = new Map<number, RequirementPresented[]>();
  for (const [key, list] of queryClient.getQueriesData<RequirementPresented[]>({
    queryKey: workingAreaKeys.allDocumentRequirements(projectId),
  })) {
    if (list && typeof key[3] === 'number') lists.set(key[3], list);
  }
  return lists;
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
