import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { cacheRequirement, forgetRequirement, refreshSoon } from './workingAreaCache';
import type { RequirementWithRevisions, StructureDocument } from './workingAreaApi';
import { workingAreaKeys as keys } from './workingAreaKeys';

const PROJECT = 7;

function requirement(id: number, over: Partial<RequirementPresented> = {}): RequirementPresented {
  return {
    id,
    project_id: PROJECT,
    document_id: 1,
    category_id: null,
    author_id: null,
    author: null,
    reference: `D_${id}`,
    reference_number: id,
    name: `R${id}`,
    description: '',
    order: id,
    status: 0,
    type: 'requirement',
    test: false,
    has_comments: false,
    tags: [],
    parents: [],
    children: [],
    coverageStatus: 'coveredAndCovering',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

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
      refreshSoon(queryClient, [keys.structure(PROJECT), keys.documentRequirements(PROJECT, 1)]);
    expect(invalidate).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
