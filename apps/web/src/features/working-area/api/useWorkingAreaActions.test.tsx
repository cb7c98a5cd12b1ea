// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { answer, openPage, settle, type Page, type SentCall } from '../../../test/page';
import { useWorkingAreaActions, type WorkingAreaActions } from './useWorkingAreaActions';
import type { StructureDocument } from './workingAreaApi';
import { PROJECT, documentFixture, requirementFixture as requirement } from './workingAreaFixtures';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

// Issue 33 point 4: a write's answer carries the events the server sent the project's room for it; the actions
// apply those, through the one applier, and build none of their own.

let page: Page | undefined;
afterEach(() => {
  page?.close();
  page = undefined;
});

/** The actions in a page whose server answers `respond`, with document 1 (requirements 1 and 2) and 2 (3) cached. */
async function actionsOn(respond: (call: SentCall) => Response) {
  page = await openPage(respond, PROJECT);
  page.queryClient.setQueryData<StructureDocument[]>(keys.structure(PROJECT), [
    documentFixture(1, { children: [2] }),
    documentFixture(2, { parents: [1] }),
  ]);
  page.queryClient.setQueryData(keys.documentRequirements(PROJECT, 1), [requirement(1), requirement(2)]);
  page.queryClient.setQueryData(keys.documentRequirements(PROJECT, 2), [requirement(3, { document_id: 2 })]);
  const invalidate = vi.spyOn(page.queryClient, 'invalidateQueries');
  let actions: WorkingAreaActions | undefined;
  function Probe() {
    actions = useWorkingAreaActions();
    return null;
  }
  page.render(<Probe />);
  const reloaded = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { actions: actions!, queryClient: page.queryClient, reloaded };
}

const list = (page: { queryClient: Page['queryClient'] }, documentId: number) =>
  page.queryClient.getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, documentId));
const key = (k: readonly unknown[]) => JSON.stringify(k);

describe('useWorkingAreaActions applies the events of its answers', () => {
  it("an update: the answer's events go to the caches, the answer's data is what the action returns", async () => {
    const saved = requirement(1, { status: 1, version: 2 });
    // The event says more than the data (a later name): what the caches show comes from the event.
    const heard = { ...saved, name: 'As the room heard it' };
    const view = await actionsOn(() =>
      answer(200, {
        data: saved,
        events: [
          { name: 'RequirementUpdated', payload: { requirement: heard, project_id: PROJECT } },
          { name: 'RequirementsUpdated', payload: { document_ids: [2], project_id: PROJECT } },
        ],
      }),
    );
    const result = await view.actions.updateRequirement(requirement(1), { status: 1 });
    expect(result).toEqual(saved);
    expect(list(view, 1)?.find((r) => r.id === 1)?.name).toBe('As the room heard it');
    expect(view.reloaded()).toContain(key(keys.documentRequirements(PROJECT, 2)));
  });

  it('builds no event of its own: an answer without events changes no cache', async () => {
    const created = requirement(4, { name: 'New' });
    const view = await actionsOn(() => answer(201, { data: created }));
    expect(
      await view.actions.createRequirement({ document_id: 1, category_id: null, name: 'New', description: '' }),
    ).toEqual(created);
    await settle(200);
    expect(list(view, 1)?.map((r) => r.id)).toEqual([1, 2]);
    expect(view.reloaded()).toEqual([]);
  });

  it('a deletion asks for its events and applies them', async () => {
    const view = await actionsOn(() =>
      answer(200, {
        events: [
          {
            name: 'RequirementDeleted',
            payload: { requirement_id: 2, document_id: 1, project_id: PROJECT },
          },
        ],
      }),
    );
    const prefer = vi.mocked(fetch);
    await view.actions.deleteRequirement(requirement(2));
    const [, init] = prefer.mock.calls.find(([url]) => url === '/api/requirements/2')!;
    expect((init?.headers as Record<string, string>).Prefer).toBe('return=representation');
    expect(list(view, 1)?.map((r) => r.id)).toEqual([1]);
    expect(view.reloaded()).toContain(key(keys.structure(PROJECT)));
  });

  it('a move applies the RequirementsUpdated its answer carries', async () => {
    const view = await actionsOn(() =>
      answer(200, {
        data: requirement(2, { order: 0 }),
        events: [{ name: 'RequirementsUpdated', payload: { document_ids: [1], project_id: PROJECT } }],
      }),
    );
    await view.actions.moveRequirement(requirement(2), 'up');
    expect(view.reloaded()).toContain(key(keys.documentRequirements(PROJECT, 1)));
    expect(view.reloaded()).not.toContain(key(keys.documentRequirements(PROJECT, 2)));
  });

  it('a conflict settled by taking theirs writes nothing: the current element goes in the caches', async () => {
    const theirs = requirement(1, { name: 'Theirs', version: 3 });
    const view = await actionsOn(() => answer(409, { message: 'Conflict.', current: theirs }));
    expect(await view.actions.updateRequirement(requirement(1), { name: 'Mine' })).toEqual(theirs);
    expect(list(view, 1)?.find((r) => r.id === 1)?.name).toBe('Theirs');
  });
});
