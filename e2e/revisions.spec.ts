import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed, type TestUser } from './support/users';

// Revisions and restore (decisions §22): a requirement edited twice shows, for each revision, what the next change
// did as a word-level diff (insertions underlined, deletions struck through, named for screen readers); an editor
// restores the first state after a confirmation and sees its text back; a viewer has no Restore.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const ada = newUser('ada', 'Ada Lovelace');
const vic = newUser('vic', 'Vic Viewer');
const FIRST = { name: 'The pump shall start in 2 s', description: '<p>The pump starts within two seconds.</p>' };
const SECOND = { name: 'The pump shall start in 1 s', description: '<p>The pump starts within one second.</p>' };
const THIRD = { name: 'The pump shall start at once', description: '<p>The pump starts at once, quietly.</p>' };

let adaContext: BrowserContext;
let vicContext: BrowserContext;
let seed: SeededProject;
let requirementId = 0;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function member(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  await signUpConfirmed(context, user);
  await markToursDone(context);
  return context;
}

test.beforeAll(async ({ browser, baseURL }) => {
  adaContext = await member(browser, baseURL, ada);
  seed = await seedProject(adaContext, stamp);
  const { namespace, slug, join_token: token } = seed.project;
  vicContext = await member(browser, baseURL, vic);
  await apiCall(vicContext, 'POST', `projects/join/${namespace}/${slug}`, { token });
  const members = await data<{ user: { id: number; name: string } }[]>(
    adaContext.request.get(`/api/projects/members/${seed.project.id}`),
  );
  const vicId = members.find((each) => each.user.name === vic.name)!.user.id;
  await apiCall(adaContext, 'PUT', `projects/members/${seed.project.id}/${vicId}`, { role: 'viewer' });
  // Written, then edited twice (name and description each time; the second edit also marks it written).
  const created = await data<{ id: number }>(
    apiCall(adaContext, 'POST', 'requirements', {
      document_id: seed.parentDocument,
      category_id: seed.category,
      ...FIRST,
    }),
  );
  requirementId = created.id;
  await apiCall(adaContext, 'PUT', `requirements/${requirementId}`, SECOND);
  await apiCall(adaContext, 'PUT', `requirements/${requirementId}`, { ...THIRD, status: 1 });
});

test.afterAll(async () => {
  await Promise.all([adaContext?.close(), vicContext?.close()]);
});

const revisionsTable = (page: Page) => page.getByRole('table', { name: 'Revisions' });
const revisionRows = (page: Page) => revisionsTable(page).locator('tbody tr[data-revision]');

async function openRequirement(page: Page): Promise<void> {
  await page.goto(`${seed.base}/detailed/requirement/${requirementId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(THIRD.name);
  await expect(revisionRows(page)).toHaveCount(2);
}

test('each revision shows what the next change did, and an editor restores the first state', async () => {
  const page = await adaContext.newPage();
  await logIn(page, ada);
  await openRequirement(page);
  const table = revisionsTable(page);
  // The newest revision (SECOND) is open: its diff to the current state.
  const changes = table.locator('[data-revision-changes]');
  await expect(changes).toHaveCount(1);
  await expect(changes.locator('del').first()).toHaveText('removed in 1 s');
  await expect(changes.locator('ins').first()).toHaveText('added at once');
  await expect(changes).toContainText('The pump starts removed within one secondadded at once, quietly.');
  await expect(changes).toContainText('removed Draft→added Written');
  await expect(changes.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
  await expect(changes.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
  await table.scrollIntoViewIfNeeded();
  await snap(page, 'revisions-01-diff-en');

  // The older one (FIRST): its diff to SECOND.
  const older = revisionRows(page).nth(1);
  await older.getByRole('button', { name: /^Show what the change after the version of/ }).click();
  await expect(changes).toContainText('The pump shall start in removed 2added 1 s');
  await expect(changes).toContainText('The pump starts within removed two secondsadded one second.');

  await older.getByRole('button', { name: /^Restore the version of/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(confirm).toContainText('Its current state is kept as a revision');
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version restored')).toBeVisible();

  // The first state is back: name, status, description (in the shared editor too), and three revisions now.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(FIRST.name);
  await expect(page.getByText('The pump starts within two seconds.')).toBeVisible();
  await expect(revisionRows(page)).toHaveCount(3);
  await expect(revisionRows(page).first()).toContainText(THIRD.name);
  const stored = await data<{ name: string; description: string; status: number }>(
    adaContext.request.get(`/api/requirements/${requirementId}`),
  );
  expect(stored).toMatchObject({ ...FIRST, status: 0 });
  await snap(page, 'revisions-02-restored-en');
  await page.close();
});

test('a viewer reads the revisions and their diffs, without a Restore button', async () => {
  const page = await vicContext.newPage();
  await logIn(page, vic);
  await page.goto(`${seed.base}/detailed/requirement/${requirementId}`);
  await expect(revisionRows(page)).toHaveCount(3);
  await expect(revisionsTable(page).locator('[data-revision-changes] ins').first()).toBeVisible();
  await expect(revisionsTable(page).getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await page.close();
});
