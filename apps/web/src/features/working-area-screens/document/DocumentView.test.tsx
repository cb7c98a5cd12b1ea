// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PREFERENCES, type ProjectRole, type UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../../api/queryKeys';
import { answer, openPage, settle, type Page } from '../../../test/page';
import { categoryFixture, documentFixture, requirementFixture } from '../../working-area/api/workingAreaFixtures';
import { WorkingAreaDialogs } from '../dialogs/WorkingAreaDialogs';
import { DocumentView } from './DocumentView';

// The document view by role (decisions §20): an editor has the create, edit, move and delete controls; a viewer
// reads the same document without any of them, its exports and comments kept.

const STRUCTURE = [documentFixture(1, { name: 'Alpha', categories: [categoryFixture(11, { document_id: 1 })] })];
const REQUIREMENTS = [requirementFixture(1, { category_id: 11 }), requirementFixture(2, { category_id: 11 })];

let page: Page;
afterEach(() => page.close());

async function show(role: ProjectRole) {
  page = await openPage(
    ({ url }) =>
      url.includes('/projects/structure/7')
        ? answer(200, { data: STRUCTURE })
        : url.includes('/documents/requirements/1')
          ? answer(200, { data: REQUIREMENTS })
          : url.includes('/documents/classifiers/1')
            ? answer(200, { data: [] })
            : answer(404, {}),
    7,
    role,
  );
  // The document's tour seen: it does not start over the page.
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, {
    id: 1,
    name: 'Ada',
    alpha: true,
    preferences: { ...DEFAULT_PREFERENCES, tours: { document: true } },
  });
  page.render(
    <MemoryRouter initialEntries={['/project/ada/engine/detailed/document/1']}>
      <WorkingAreaDialogs>
        <DocumentView documentId={1} />
      </WorkingAreaDialogs>
    </MemoryRouter>,
  );
  await settle(50);
}

const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === name) ?? null;
const labelled = (label: string) => document.querySelector(`[aria-label="${label}"]`);

describe('the document view by role', () => {
  it('gives an editor the controls that change the document', async () => {
    await show('editor');
    expect(buttonNamed('Add a requirement')).toBeTruthy();
    expect(buttonNamed('Add a category')).toBeTruthy();
    expect(buttonNamed('Edit')).toBeTruthy();
    expect(buttonNamed('Delete')).toBeTruthy();
    expect(labelled('Delete D_1')).toBeTruthy();
    expect(labelled('Edit D_1')).toBeTruthy();
    expect(labelled(`Delete ${STRUCTURE[0]!.categories[0]!.name}`)).toBeTruthy();
  });

  it('gives a viewer the document without a create, edit, move or delete control', async () => {
    await show('viewer');
    expect(document.body.textContent).toContain('D_1');
    expect(document.body.textContent).toContain(STRUCTURE[0]!.categories[0]!.name);
    for (const name of ['Add a requirement', 'Add a category', 'Add a test', 'Edit', 'Delete'])
      expect(buttonNamed(name)).toBeNull();
    expect(document.querySelector('[aria-label^="Delete "]')).toBeNull();
    expect(document.querySelector('[aria-label^="Edit "]')).toBeNull();
    expect(document.querySelector('[aria-label^="Copy "]')).toBeNull();
    expect(document.querySelector('[aria-label^="Move "]')).toBeNull();
    // What a viewer may still do: export the document, open a requirement's comments.
    expect(buttonNamed('Export')).toBeTruthy();
  });
});
