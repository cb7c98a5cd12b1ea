import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS, type RequirementPresented } from '@reqloom/domain';
import { applyOwnWorkingAreaEvents, applyWorkingAreaEvent, type WorkingAreaEvent } from './applyWorkingAreaEvent';
import type { RequirementWithRevisions, StructureDocument } from './workingAreaApi';
import { flushRefreshes } from './workingAreaCache';
import { PROJECT, categoryFixture, documentFixture, requirementFixture as requirement } from './workingAreaFixtures';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

/**
 * A project with two documents (1 parent of 2): document 1 holds requirements 1 and 2 (1 in category 10),
 * document 2 holds 3, and the view of requirement 1 is open.
 */
function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<StructureDocument[]>(keys.structure(PROJECT), [
    documentFixture(1, { children: [2], categories: [categoryFixture(10)] }),
    documentFixture(2, { parents: [1] }),
  ]);
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 1), [
    requirement(2, { order: 0 }),
    requirement(1, { category_id: 10 }),
  ]);
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 2), [requirement(3, { document_id: 2 })]);
  queryClient.setQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1), {
    ...requirement(1, { category_id: 10 }),
    revisions: [],
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  /** Applies the event, runs the grouped reloads, and answers the keys reloaded. */
  const apply = async (event: WorkingAreaEvent) => {
    const done = applyWorkingAreaEvent(queryClient, PROJECT, event);
    await flushRefreshes(queryClient);
    await done;
    return invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey)).sort();
  };
  return { queryClient, apply };
}

const key = (k: readonly unknown[]) => JSON.stringify(k);
const structure = key(keys.structure(PROJECT));
const list = (documentId: number) => key(keys.documentRequirements(PROJECT, documentId));
const view = (id: number) => key(keys.requirement(PROJECT, id));
const allViews = key(keys.allRequirements(PROJECT));
/** The synaeptic map's one read: every change it draws reloads it. */
const map = key(keys.map(PROJECT));
/** The project's suspect links (decisions §22): every change that can move a link's mark reloads them. */
const suspect = key(keys.suspectLinks(PROJECT));

const documents = (queryClient: QueryClient) => queryClient.getQueryData<StructureDocument[]>(keys.structure(PROJECT));
const ids = (queryClient: QueryClient, documentId: number) =>
  queryClient.getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, documentId))?.map((r) => r.id);

describe('applyWorkingAreaEvent', () => {
  afterEach(() => vi.useRealTimers());

  it('ProjectStructureUpdated reloads the structure, the map and the suspect links', async () => {
    const { apply } = setUp();
    expect(await apply({ name: 'ProjectStructureUpdated', payload: { project_id: PROJECT } })).toEqual(
      [map, structure, suspect].sort(),
    );
  });

  it('DocumentUpdated writes the document into the structure and reloads its requirements (references)', async () => {
    const { queryClient, apply } = setUp();
    // The wire carries the document alone; the structure keeps its categories.
    const { categories: _categories, ...document } = documentFixture(1, { name: 'Renamed', children: [2] });
    const reloaded = await apply({ name: 'DocumentUpdated', payload: { document } });
    expect(documents(queryClient)?.[0]).toMatchObject({ name: 'Renamed', categories: [{ id: 10 }] });
    expect(reloaded).toEqual([list(1), map, structure].sort());
  });

  it('DocumentSettingsUpdated writes the settings into the structure', async () => {
    const { queryClient, apply } = setUp();
    const settings = { ...DEFAULT_DOCUMENT_SETTINGS, 'export.tableOfContents': false };
    expect(await apply({ name: 'DocumentSettingsUpdated', payload: { document_id: 2, settings } })).toEqual([]);
    expect(documents(queryClient)?.[1]?.settings).toEqual(settings);
  });

  it('DocumentDeleted drops the document and its list, and reloads the other lists and the views (links went)', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({ name: 'DocumentDeleted', payload: { document_id: 2 } });
    expect(documents(queryClient)?.map((d) => d.id)).toEqual([1]);
    expect(queryClient.getQueryData(keys.documentRequirements(PROJECT, 2))).toBeUndefined();
    expect(reloaded).toEqual([allViews, list(1), map, structure, suspect].sort());
  });

  it('CategoryUpdated writes the category into the structure and reloads it', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({
      name: 'CategoryUpdated',
      payload: { category: categoryFixture(10, { name: 'New' }) },
    });
    expect(documents(queryClient)?.[0]?.categories[0]?.name).toBe('New');
    expect(reloaded).toEqual([map, structure].sort());
  });

  it('CategoriesUpdated and CategoryDeleted reload the structure and the reading order of the document', async () => {
    expect(await setUp().apply({ name: 'CategoriesUpdated', payload: { document_id: 1 } })).toEqual(
      [list(1), map, structure].sort(),
    );
    expect(await setUp().apply({ name: 'CategoryDeleted', payload: { category_id: 10, document_id: 1 } })).toEqual(
      [list(1), map, structure].sort(),
    );
  });

  it('RequirementUpdated for a new requirement adds it in reading order and reloads the counts', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({
      name: 'RequirementUpdated',
      payload: { requirement: requirement(4, { order: 1 }) },
    });
    expect(ids(queryClient, 1)).toEqual([2, 4, 1]);
    expect(ids(queryClient, 2)).toEqual([3]);
    expect(reloaded).toEqual([map, structure, view(4), suspect].sort());
  });

  it('RequirementUpdated for a known one updates it in place, keeps the view revisions, leaves the counts', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({
      name: 'RequirementUpdated',
      payload: { requirement: requirement(1, { category_id: 10, name: 'Renamed' }) },
    });
    const opened = queryClient.getQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1));
    expect(opened).toMatchObject({ name: 'Renamed', revisions: [] });
    expect(queryClient.getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, 1))?.[1]?.name).toBe(
      'Renamed',
    );
    expect(reloaded).toEqual([map, view(1), suspect].sort());
  });

  it('RequirementUpdated with links reloads the linked views and the other documents, not its own list', async () => {
    const { apply } = setUp();
    const reloaded = await apply({
      name: 'RequirementUpdated',
      payload: { requirement: requirement(1, { category_id: 10, children: [{ id: 3, upToDate: false }] }) },
    });
    expect(reloaded).toEqual([list(2), map, view(1), view(3), suspect].sort());
  });

  it("RequirementUpdated of a test (a run was kept) reloads the test's runs, and a requirement's does not", async () => {
    const { apply } = setUp();
    const runs = (id: number) => key(keys.testRuns(PROJECT, id));
    const reloaded = await apply({
      name: 'RequirementUpdated',
      payload: { requirement: requirement(2, { order: 0, test: true }) },
    });
    expect(reloaded).toEqual([map, runs(2), view(2), suspect].sort());
    const { apply: applyOther } = setUp();
    expect(
      await applyOther({ name: 'RequirementUpdated', payload: { requirement: requirement(2, { order: 0 }) } }),
    ).toEqual([map, view(2), suspect].sort());
  });

  it('RequirementUpdated moving a requirement to another document moves it between the lists', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({
      name: 'RequirementUpdated',
      payload: { requirement: requirement(2, { document_id: 2, order: 9 }) },
    });
    expect(ids(queryClient, 1)).toEqual([1]);
    expect(ids(queryClient, 2)).toEqual([3, 2]);
    expect(reloaded).toContain(structure);
  });

  it('RequirementsUpdated reloads the named lists and the views', async () => {
    const { apply } = setUp();
    expect(await apply({ name: 'RequirementsUpdated', payload: { document_ids: [2] } })).toEqual(
      [allViews, list(2), map, suspect].sort(),
    );
  });

  it('RequirementDeleted takes it out of the lists and reloads its view and the counts', async () => {
    const { queryClient, apply } = setUp();
    const reloaded = await apply({ name: 'RequirementDeleted', payload: { requirement_id: 2, document_id: 1 } });
    expect(ids(queryClient, 1)).toEqual([1]);
    expect(reloaded).toEqual([map, structure, view(2), suspect].sort());
  });

  it('groups the reloads of a burst of events into one per cache, 150 ms later', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (let i = 0; i < 20; i++) {
      void applyWorkingAreaEvent(queryClient, PROJECT, { name: 'CategoriesUpdated', payload: { document_id: 1 } });
    }
    vi.advanceTimersByTime(149);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The structure, the document's list and the map: once each.
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it("a screen's own events reload at once, and the caller waits for them", async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await applyOwnWorkingAreaEvents(queryClient, PROJECT, [
      { name: 'CategoriesUpdated', payload: { document_id: 1 } },
      { name: 'ProjectStructureUpdated', payload: { project_id: PROJECT } },
    ]);
    // The structure, the document's list, the map and the suspect links.
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  it('lets a slow read on its way finish, then reads again, rather than cancel it (the map under a stream of events)', async () => {
    const queryClient = new QueryClient();
    const answers: { version: number; signal: AbortSignal; resolve: (value: number) => void }[] = [];
    let version = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: keys.map(PROJECT),
      queryFn: ({ signal }) =>
        new Promise<number>((resolve) => answers.push({ version: (version += 1), signal, resolve })),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const reloaded = applyWorkingAreaEvent(queryClient, PROJECT, {
      name: 'DocumentUpdated',
      payload: { document: documentFixture(1) },
    });
    const flushed = flushRefreshes(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not cancelled and started again: the first read goes on, and nothing else is asked meanwhile.
    expect(answers).toHaveLength(1);
    expect(answers[0]!.signal.aborted).toBe(false);
    answers[0]!.resolve(1);
    // Its answer may predate the event: once it is in, the cache is read again.
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.resolve(2);
    await flushed;
    await reloaded;
    expect(queryClient.getQueryData(keys.map(PROJECT))).toBe(2);
    unsubscribe();
  });
});
