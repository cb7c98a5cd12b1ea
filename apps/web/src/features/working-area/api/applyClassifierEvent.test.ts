import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { TAG_COLORS, type ClassifierPresented, type RequirementPresented, type TagPresented } from '@reqloom/domain';
import { applyWorkingAreaEvent, type WorkingAreaEvent } from './applyWorkingAreaEvent';
import type { RequirementWithRevisions } from './workingAreaApi';
import { flushRefreshes } from './workingAreaCache';
import { PROJECT, requirementFixture as requirement } from './workingAreaFixtures';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';
import { applyClassifierEvent, cachedRequirementsHold } from './applyClassifierEvent';

const tag = (id: number, classifier_id: number, title = `T${id}`): TagPresented => ({
  id,
  classifier_id,
  title,
  color: TAG_COLORS[0],
});
const classifier = (id: number, document_id: number, tags: TagPresented[]): ClassifierPresented => ({
  id,
  document_id,
  name: `C${id}`,
  multiselect: true,
  tags,
});

/**
 * Document 1 has classifiers 1 (tags 11, 12) and 2 (tag 21); document 2 has classifier 3 (tag 31). Requirement 1
 * holds 11 and 21, requirement 2 holds nothing; requirement 1's view is open.
 */
function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(keys.classifiers(PROJECT, 1), [
    classifier(1, 1, [tag(11, 1), tag(12, 1)]),
    classifier(2, 1, [tag(21, 2)]),
  ]);
  queryClient.setQueryData(keys.classifiers(PROJECT, 2), [classifier(3, 2, [tag(31, 3)])]);
  const untouched = requirement(2);
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 1), [
    requirement(1, { tags: [tag(11, 1), tag(21, 2)] }),
    untouched,
  ]);
  queryClient.setQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1), {
    ...requirement(1, { tags: [tag(11, 1), tag(21, 2)] }),
    revisions: [],
  });
  const classifiers = (documentId: number) =>
    queryClient.getQueryData<ClassifierPresented[]>(keys.classifiers(PROJECT, documentId));
  const list = () => queryClient.getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, 1))!;
  const view = () => queryClient.getQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1))!;
  const apply = (event: Parameters<typeof applyClassifierEvent>[2]) =>
    applyClassifierEvent(queryClient, PROJECT, event);
  return { queryClient, classifiers, list, view, apply, untouched };
}

const titles = (r: RequirementPresented) => r.tags.map((t) => t.title);

describe('applyClassifierEvent', () => {
  it('ClassifierUpdated adds a new classifier in creation order, or replaces it with its tags', () => {
    const { classifiers, apply } = setUp();
    apply({ name: 'ClassifierUpdated', payload: { classifier: classifier(4, 2, []) } });
    apply({ name: 'ClassifierUpdated', payload: { classifier: { ...classifier(1, 1, [tag(11, 1)]), name: 'Risk' } } });
    expect(classifiers(2)?.map((c) => c.id)).toEqual([3, 4]);
    expect(classifiers(1)?.[0]).toMatchObject({ name: 'Risk', tags: [{ id: 11 }] });
    expect(classifiers(1)?.map((c) => c.id)).toEqual([1, 2]);
  });

  it('ClassifierDeleted drops it, and its tags from every requirement cached', () => {
    const { classifiers, list, view, apply, untouched } = setUp();
    apply({ name: 'ClassifierDeleted', payload: { document_id: 1, classifier_id: 1 } });
    expect(classifiers(1)?.map((c) => c.id)).toEqual([2]);
    expect(titles(list()[0]!)).toEqual(['T21']);
    expect(titles(view())).toEqual(['T21']);
    expect(view().revisions).toEqual([]);
    // Rows whose tags did not change stay the same objects (a memoised row is not drawn again).
    expect(list()[1]).toBe(untouched);
  });

  it('TagUpdated renames and recolours a tag in its classifier and on the requirements that hold it', () => {
    const { classifiers, list, view, apply } = setUp();
    const renamed = { ...tag(11, 1, 'Urgent'), color: TAG_COLORS[4] };
    apply({ name: 'TagUpdated', payload: { tag: renamed } });
    expect(classifiers(1)?.[0]?.tags).toEqual([renamed, tag(12, 1)]);
    expect(list()[0]?.tags).toEqual([renamed, tag(21, 2)]);
    expect(view().tags[0]).toEqual(renamed);
    expect(classifiers(2)?.[0]?.tags).toEqual([tag(31, 3)]);
  });

  it('TagUpdated for a new tag adds it at the end of its classifier, whichever document’s it is', () => {
    const { classifiers, list, apply } = setUp();
    const before = list();
    apply({ name: 'TagUpdated', payload: { tag: tag(32, 3, 'New') } });
    expect(classifiers(2)?.[0]?.tags.map((t) => t.id)).toEqual([31, 32]);
    // No requirement holds a new tag: the lists stay as they were.
    expect(list()).toBe(before);
  });

  it('TagDeleted takes the tag out of its classifier and off the requirements', () => {
    const { classifiers, list, view, apply } = setUp();
    apply({ name: 'TagDeleted', payload: { classifier_id: 2, tag_id: 21 } });
    expect(classifiers(1)?.[1]?.tags).toEqual([]);
    expect(titles(list()[0]!)).toEqual(['T11']);
    expect(titles(view())).toEqual(['T11']);
  });

  it('leaves lists nobody loaded alone', () => {
    const { queryClient, apply } = setUp();
    apply({ name: 'ClassifierUpdated', payload: { classifier: classifier(9, 5, []) } });
    expect(queryClient.getQueryData(keys.classifiers(PROJECT, 5))).toBeUndefined();
  });

  it('tells whether a cached requirement holds a tag (its own deletion then reloads them)', () => {
    const { queryClient } = setUp();
    expect(cachedRequirementsHold(queryClient, PROJECT, (t) => t.id === 21)).toBe(true);
    expect(cachedRequirementsHold(queryClient, PROJECT, (t) => t.classifier_id === 1)).toBe(true);
    expect(cachedRequirementsHold(queryClient, PROJECT, (t) => t.id === 12)).toBe(false);
  });

  it('is what the working-area applier does with the four events from the socket, reloading nothing', async () => {
    const { queryClient, classifiers, list } = setUp();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const events: WorkingAreaEvent[] = [
      { name: 'TagUpdated', payload: { tag: tag(12, 1, 'Renamed') } },
      { name: 'TagDeleted', payload: { classifier_id: 1, tag_id: 11 } },
      { name: 'ClassifierUpdated', payload: { classifier: classifier(5, 1, []) } },
      { name: 'ClassifierDeleted', payload: { document_id: 1, classifier_id: 2 } },
    ];
    for (const event of events) await applyWorkingAreaEvent(queryClient, PROJECT, event);
    await flushRefreshes(queryClient);
    expect(classifiers(1)).toEqual([classifier(1, 1, [tag(12, 1, 'Renamed')]), classifier(5, 1, [])]);
    expect(list()[0]?.tags).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('DocumentDeleted forgets the document’s classifiers', async () => {
    const { queryClient } = setUp();
    await applyWorkingAreaEvent(queryClient, PROJECT, { name: 'DocumentDeleted', payload: { document_id: 2 } });
    await flushRefreshes(queryClient);
    expect(queryClient.getQueryData(keys.classifiers(PROJECT, 2))).toBeUndefined();
  });
});
