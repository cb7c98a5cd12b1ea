// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PREFERENCES, type DocumentOrder, type UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, click, openPage, settle, type Page } from '../../test/page';
import { categoryFixture, documentFixture } from '../working-area/api/workingAreaFixtures';
import { StructureSidebar } from './StructureSidebar';

// The side bar after an import (issue 31): the document in view expanded and the others collapsed, what the person
// opens kept for them (not for the next user of the browser), and the documents by name or by traceability.

// As the server lists them, by name; Beta is Alpha's parent, and its category C12 holds C14.
const STRUCTURE = [
  documentFixture(1, { name: 'Alpha', parents: [2], categories: [categoryFixture(11, { document_id: 1 })] }),
  documentFixture(2, {
    name: 'Beta',
    children: [1],
    categories: [categoryFixture(12, { document_id: 2 }), categoryFixture(14, { document_id: 2, parent_id: 12 })],
  }),
  documentFixture(3, { name: 'Gamma', categories: [categoryFixture(13, { document_id: 3 })] }),
];

let page: Page;
beforeEach(async () => {
  localStorage.clear();
  page = await openPage((call) =>
    call.url.includes('/structure/')
      ? answer(200, { data: STRUCTURE })
      : call.url.includes('/user/preferences')
        ? answer(200, { data: { ...DEFAULT_PREFERENCES, ...(call.body as { preferences: object }).preferences } })
        : answer(404, {}),
  );
});
afterEach(() => page.close());

async function show(userId: number, documentId = 2, documentOrder: DocumentOrder = 'name') {
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, {
    id: userId,
    name: `User ${userId}`,
    preferences: { ...DEFAULT_PREFERENCES, documentOrder },
  });
  page.render(
    <MemoryRouter key={`${userId}-${documentId}`} initialEntries={[`/project/ns/p/detailed/document/${documentId}`]}>
      <StructureSidebar />
    </MemoryRouter>,
  );
  await settle();
}
const expanded = () =>
  [...document.querySelectorAll('[aria-expanded]')]
    .filter((toggle) => toggle.getAttribute('aria-expanded') === 'true')
    .map((toggle) => toggle.getAttribute('aria-label'));
const byName = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}"]`)!;
const documentNames = () =>
  [...document.querySelectorAll('nav > ul > li > div > a[title]')].map((link) => link.getAttribute('title'));

describe('the side bar', () => {
  it('expands the document in view and collapses the others', async () => {
    await show(1);
    expect(expanded()).toEqual(['Collapse Beta', 'Collapse C12']);
    expect(byName('Expand Alpha')).toBeTruthy();
    expect(byName('Expand Gamma')).toBeTruthy();
  });

  it('keeps what a user opens and closes for that user, and gives the next user the default', async () => {
    await show(1);
    click(byName('Expand Alpha'));
    click(byName('Collapse C12'));
    await settle();
    expect(expanded()).toEqual(['Collapse Alpha', 'Collapse Beta']);
    await show(2);
    expect(expanded()).toEqual(['Collapse Beta', 'Collapse C12']);
    await show(1);
    expect(expanded()).toEqual(['Collapse Alpha', 'Collapse Beta']);
  });

  it('expands a document that comes into view, even one the user had closed', async () => {
    await show(1, 3);
    click(byName('Collapse Gamma'));
    await show(1, 1);
    expect(expanded()).toEqual(['Collapse Alpha']);
    await show(1, 3);
    expect(expanded()).toContain('Collapse Gamma');
  });

  it('orders the documents by traceability, parents first, and saves the choice as a preference', async () => {
    await show(1);
    expect(documentNames()).toEqual(['Alpha', 'Beta', 'Gamma']);
    const toggle = byName('Order the documents by traceability (parents first)');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    await settle();
    expect(documentNames()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(page.sent.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: expect.stringContaining('/user/preferences'),
        body: { preferences: { documentOrder: 'traceability' } },
      }),
    ]);
    await show(1, 2, 'traceability');
    expect(documentNames()).toEqual(['Beta', 'Gamma', 'Alpha']);
  });
});
