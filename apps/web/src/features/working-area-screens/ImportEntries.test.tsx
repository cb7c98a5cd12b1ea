// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, click, openPage, settle, type Page } from '../../test/page';
import { documentFixture } from '../working-area/api/workingAreaFixtures';
import { OverviewDocuments } from './OverviewDocuments';
import { StructureSidebar } from './StructureSidebar';

// Where imports start (spec 2 §2): the side bar's import menu and the overview's split button. ReqIF is for every
// member, MS Word for alpha users only; each item opens its dialog.

let page: Page;
beforeEach(async () => {
  page = await openPage((call) =>
    call.url.includes('/structure/') ? answer(200, { data: [documentFixture(1)] }) : answer(404, {}),
  );
});
afterEach(() => page.close());

const asUser = (alpha: boolean) =>
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, { id: 1, name: 'Ada', alpha });
const render = (node: React.ReactNode) =>
  page.render(<MemoryRouter initialEntries={['/project/ns/p/detailed']}>{node}</MemoryRouter>);
const byName = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}"]`)!;
const menuItems = () => [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
const dialogTitle = () => document.querySelector('[role="dialog"] h2')?.textContent;
/** The dialogs load on first use: waits for one to show. */
const dialogShown = async () => {
  for (let waited = 0; waited < 3000 && !dialogTitle(); waited += 50) await settle(50);
  return dialogTitle();
};

describe('the import entries', () => {
  it('the side bar offers ReqIF and spreadsheets to a member without the alpha flag, and no MS Word', async () => {
    asUser(false);
    render(<StructureSidebar />);
    await settle();
    click(byName('Import a document'));
    await settle();
    expect(menuItems()).toEqual(['Import ReqIF', 'Import a spreadsheet']);
  });

  it('the side bar offers MS Word too to an alpha user; an item opens its dialog', async () => {
    asUser(true);
    render(<StructureSidebar />);
    await settle();
    click(byName('Import a document'));
    await settle();
    expect(menuItems()).toEqual(['Import ReqIF', 'Import a spreadsheet', 'Import MS WordAlpha']);
    click([...document.querySelectorAll('[role="menuitem"]')][2]!);
    expect(await dialogShown()).toBe('Import an MS Word file');
    expect(document.querySelector<HTMLInputElement>('input[type="file"]')?.accept).toContain('.docx');
  });

  it('the overview’s split button: a new document, or the imports', async () => {
    asUser(false);
    render(<OverviewDocuments />);
    await settle();
    expect(document.body.textContent).toContain('New document');
    click(byName('Other ways to add a document'));
    await settle();
    expect(menuItems()).toEqual(['Import ReqIF', 'Import a spreadsheet']);
    click(document.querySelector('[role="menuitem"]')!);
    expect(await dialogShown()).toBe('Import a ReqIF file');
  });

  it('the overview offers MS Word to an alpha user', async () => {
    asUser(true);
    render(<OverviewDocuments />);
    await settle();
    click(byName('Other ways to add a document'));
    await settle();
    expect(menuItems()).toEqual(['Import ReqIF', 'Import a spreadsheet', 'Import MS WordAlpha']);
  });
});
