import { expect, test, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// The project search of the top bar (issue 11 §2, spec 2 "Search"): Ctrl+Shift+F from anywhere in the project, a word
// typed without its accent, arrow keys and Enter to open the detailed view, an empty result said, Escape to close.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
let seed: SeededProject;
let page: Page;
let purge: { id: number };

const box = () => page.getByRole('combobox', { name: 'Search the project' });
const results = () => page.getByRole('listbox', { name: 'Search results' });

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const user = newUser('seeker', 'Sam Seeker');
  await signUpConfirmed(context, user);
  await markToursDone(context);
  seed = await seedProject(context, stamp);
  purge = await data<{ id: number }>(
    apiCall(context, 'POST', 'requirements', {
      document_id: seed.childDocument,
      category_id: null,
      name: 'Électrovanne de purge',
      description: '<p>The purge valve opens above 3 bar.</p>',
    }),
  );
  page = await context.newPage();
  await logIn(page, user);
});
test.afterAll(async () => {
  await page.context().close();
});

test('Ctrl+Shift+F finds a requirement by a word typed without its accent, and Enter opens it', async () => {
  await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await expect(page.getByRole('heading', { name: 'System Requirements' })).toBeVisible();
  await page.keyboard.press('Control+Shift+F');
  await expect(box()).toBeFocused();
  await page.keyboard.type('electrovanne');
  const option = results().getByRole('option').filter({ hasText: 'Électrovanne de purge' });
  await expect(option).toBeVisible();
  await expect(option.locator('mark')).toHaveText('Électrovanne');
  await snap(page, 'search-results-en');
  await page.keyboard.press('ArrowDown');
  await expect(box()).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/detailed/requirement/${purge.id}$`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Électrovanne de purge');
});

test('each result names its document, and Enter with none highlighted opens the first (issue 31)', async () => {
  await page.keyboard.press('Control+Shift+F');
  await box().fill('speed');
  const options = results().getByRole('option');
  // One hit in each document: both say where they are.
  await expect(options.filter({ hasText: 'The screen shall show the speed' })).toContainText('in System Requirements');
  await expect(options.filter({ hasText: 'The speed widget renders the speed' })).toContainText('in Software Design');
  await expect(box()).not.toHaveAttribute('aria-activedescendant');
  await snap(page, 'search-documents-en');
  const first = (await options.first().textContent()) ?? '';
  expect(first).not.toContain('Électrovanne de purge');
  await page.keyboard.press('Enter');
  // The page showed the previous test's requirement: wait for the first result's to replace it.
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect
    .poll(async () => first.includes(await name.inputValue()) && (await name.inputValue()).length > 0)
    .toBe(true);
  await expect(page).toHaveURL(/\/detailed\/requirement\/\d+$/);
});

test('Enter typed at once, before the results came, opens the first of them', async () => {
  await page.keyboard.press('Control+Shift+F');
  await box().fill('purge');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/detailed/requirement/${purge.id}$`));
});

test('the new-document dialog never proposes an acronym the project has (issue 31)', async () => {
  await page.goto(seed.base);
  await page.getByRole('button', { name: 'New document' }).first().click();
  const d = page.getByRole('dialog', { name: 'New document' });
  // "System Requirements" is SR: the proposal takes more letters.
  await d.getByRole('textbox', { name: 'Name' }).fill('Software Requirements');
  await expect(d.getByRole('textbox', { name: 'Acronym' })).toHaveValue('SOR');
  await d.getByRole('textbox', { name: 'Name' }).fill('Flight');
  await expect(d.getByRole('textbox', { name: 'Acronym' })).toHaveValue('FLI');
  await d.getByRole('textbox', { name: 'Name' }).fill('Software Requirements');
  await snap(page, 'document-dialog-acronym-en');
  // Typed by hand, a taken acronym is refused under the field.
  await d.getByRole('textbox', { name: 'Acronym' }).fill('SR');
  await d.getByRole('button', { name: 'Create the document' }).click();
  await expect(d.getByText('Another document of this project already has this acronym')).toBeVisible();
  await snap(page, 'document-dialog-taken-en');
  await d.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(d).toBeHidden();
});

test('an empty result says so, and Escape closes the results', async () => {
  await page.keyboard.press('Control+Shift+F');
  await box().fill('zzqqxxnothing');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found for “zzqqxxnothing”.' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(results()).toHaveCount(0);
  await expect(box()).not.toBeFocused();
});
