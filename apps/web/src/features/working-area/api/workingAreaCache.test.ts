import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { cacheRequirement, flushRefreshes, forgetRequirement, refreshSoon } from './workingAreaCache';
import type { RequirementWithRevisions, StructureDocument } from './workingAreaApi';
import { PROJECT, requirementFixture } from './workingAreaFixtures';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

const requirement = requirementFixture;

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<StructureDocument[]>(keys.structure(PROJECT), []);
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 1), [requirement(1), requirement(2)]);
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 2), [requirement(3, { document_id: 2 })]);
  return queryClient;
}

const ids = (queryClient: QueryClient, documentId: number) =>
  queryClient.getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, documentId))?.map((r) => r.id);

describe('working-area cache', () => {
  afterEach(() => vi.useRealTimers());

  it('adds a new requirement to its document list, in order', () => {
    const queryClient = client();
    cacheRequirement(queryClient, PROJECT, requirement(4, { order: 0 }));
    expect(ids(queryClient, 1)).toEqual([4, 1, 2]);
    expect(ids(queryClient, 2)).toEqual([3]);
  });

  it('moves a requirement that changed document from one list to the other', () => {
    const queryClient = client();
    cacheRequirement(queryClient, PROJECT, requirement(2, { document_id: 2, order: 9 }));
    expect(ids(queryClient, 1)).toEqual([1]);
    expect(ids(queryClient, 2)).toEqual([3, 2]);
  });

  it('merges into the requirement view and keeps its revisions', () => {
    const queryClient = client();
    queryClient.setQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1), {
      ...requirement(1),
      revisions: [],
    });
    cacheRequirement(queryClient, PROJECT, requirement(1, { name: 'Renamed' }));
    const view = queryClient.getQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1));
    expect(view?.name).toBe('Renamed');
    expect(view?.revisions).toEqual([]);
  });

  it('forgets a deleted requirement in every list', () => {
    const queryClient = client();
    forgetRequirement(queryClient, PROJECT, 1);
    expect(ids(queryClient, 1)).toEqual([2]);
  });

  it('batches invalidations of a burst into one per cache', () => {
    vi.useFakeTimers();
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (let i = 0; i < 50; i++)
      void refreshSoon(queryClient, [keys.structure(PROJECT), keys.documentRequirements(PROJECT, 1)]);
    expect(invalidate).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('runs a waiting batch at once when flushed, and settles once reloaded', async () => {
    vi.useFakeTimers();
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const done = refreshSoon(queryClient, [keys.structure(PROJECT)]);
    await flushRefreshes(queryClient);
    await done;
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
