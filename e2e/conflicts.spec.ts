import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { ALL_TOURS_DONE, apiCall, logIn, newUser, signUpConfirmed, type TestUser } from './support/users';
import { data } from './support/seed';

// No edit is lost silently (issue 9 §1): two browsers on one requirement. The later save from an older version
// meets a conflict dialog showing both texts; the view follows live changes; a revision opens and restores.
test.describe.configure({ mode: 'serial' });

let user: TestUser;
let a: Page;
let b: Page;
let requirementPath = '';
let requirementId = 0;
const contexts: BrowserContext[] = [];

async function browserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

const editor = (page: Page) => page.getByRole('textbox', { name: /^(Description)$/ });
const nameField = (page: Page) => page.getByRole('textbox', { name: /^(Name|Nom)$/ });

/** Types at the end of the name, without leaving the field (leaving saves). */
async function typeInName(page: Page, text: string): Promise<void> {
  await nameField(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

async function savedName(page: Page): Promise<string> {
  return (await data<{ name: string }>(page.context().request.get(`/api/requirements/${requirementId}`))).name;
}

async function saved(page: Page): Promise<string> {
  return (await data<{ description: string }>(page.context().request.get(`/api/requirements/${requirementId}`)))
    .description;
}

test.beforeAll(async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  contexts.push(setup);
  user = newUser('linus', 'Linus Pauling');
  await signUpConfirmed(setup, user);
  await apiCall(setup, 'PUT', 'user/preferences', {
    preferences: { tours: ALL_TOURS_DONE },
  });
  const project = await data<{ id: number; slug: string }>(
    apiCall(setup, 'POST', 'projects', {
      name: 'Pumps',
      acronym: 'PMP',
      slug: `pumps-${user.username}`,
      group_id: null,
      description: '',
    }),
  );
  const document = await data<{ id: number }>(
    apiCall(setup, 'POST', 'documents', {
      project_id: project.id,
      name: 'Pump requirements',
      acronym: 'PR',
      description: '',
      parents_id: [],
    }),
  );
  const requirement = await data<{ id: number }>(
    apiCall(setup, 'POST', 'requirements', {
      document_id: document.id,
      category_id: null,
      name: 'Prime the pump',
      description: '<p>Base.</p>',
    }),
  );
  requirementId = requirement.id;
  requirementPath = `/project/${user.username}/${project.slug}/detailed/requirement/${requirement.id}`;
  a = await browserPage(browser, baseURL);
  b = await browserPage(browser, baseURL);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

// The description is edited together live (collaboration.spec.ts): it has no conflicts. The name, the status and
// every dialog save whole values, and a save from an older version meets the conflict dialog.
test('the view follows a name saved in another browser, even with the caret in it', async () => {
  await a.goto(requirementPath);
  await b.goto(requirementPath);
  await expect(nameField(a)).toHaveValue('Prime the pump');
  await nameField(a).click();
  await typeInName(b, ' from B');
  await b.keyboard.press('Enter');
  await expect(nameField(a)).toHaveValue('Prime the pump from B');
  // Leaving the field saves nothing back over B's name.
  await a.getByRole('heading', { name: 'Traceability' }).click();
  await expect.poll(() => savedName(a)).toBe('Prime the pump from B');
});

test('a rename from an older version meets the conflict dialog; keeping mine saves it over theirs', async () => {
  await typeInName(a, ' mine');
  await typeInName(b, ' theirs');
  await b.keyboard.press('Enter');
  await expect.poll(() => savedName(b)).toBe('Prime the pump from B theirs');
  // A's draft is kept while they type: B's save does not replace it.
  await expect(nameField(a)).toHaveValue('Prime the pump from B mine');

  await a.keyboard.press('Enter');
  const dialog = a.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('group', { name: 'Name' });
  await expect(name.getByRole('region', { name: 'Your version' })).toContainText('Prime the pump from B mine');
  await expect(name.getByRole('region', { name: 'Their version (saved)' })).toContainText(
    'Prime the pump from B theirs',
  );
  await snap(a, 'conflicts-01-dialog-en');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => savedName(a)).toBe('Prime the pump from B mine');
  // B follows live.
  await expect(nameField(b)).toHaveValue('Prime the pump from B mine');
});

test('taking theirs drops my draft and shows the saved name', async () => {
  await typeInName(a, ' draft of A');
  await typeInName(b, ' saved by B');
  await b.keyboard.press('Enter');
  await expect.poll(() => savedName(b)).toBe('Prime the pump from B mine saved by B');
  await a.keyboard.press('Enter');
  const dialog = a.getByRole('dialog', { name: 'Someone else changed this' });
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(nameField(a)).toHaveValue('Prime the pump from B mine saved by B');
  expect(await savedName(a)).toBe('Prime the pump from B mine saved by B');
});

test('a revision opens, rendered, and restores as a change that keeps a revision itself', async () => {
  await editor(b).click();
  await b.keyboard.press('Control+End');
  await b.keyboard.type(' From B.');
  await expect.poll(() => saved(b)).toBe('<p>Base. From B.</p>');
  await a.reload();
  const revisions = a.getByRole('table', { name: 'Revisions' });
  // count() does not wait: let the table load before taking its size.
  await expect(revisions.getByRole('button', { name: /^Open the version of / }).first()).toBeVisible();
  const before = await revisions.getByRole('row').count();
  // The oldest version: the description as it was made.
  await revisions
    .getByRole('button', { name: /^Open the version of / })
    .last()
    .click();
  const dialog = a.getByRole('dialog', { name: /^Version of / });
  await expect(dialog.getByText('Base.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Prime the pump', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  // A restore asks first (decisions §22).
  await a
    .getByRole('dialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => saved(a)).toBe('<p>Base.</p>');
  await expect(editor(a)).toContainText('Base.');
  await expect(editor(a)).not.toContainText('From B.');
  await expect(revisions.getByRole('row')).toHaveCount(before + 1);
  // The other browser follows the restore live.
  await expect(editor(b)).not.toContainText('From B.');
});

test('the conflict dialog in French', async () => {
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await a.reload();
  await b.reload();
  await typeInName(a, ' le mien');
  await typeInName(b, ' le leur');
  await b.keyboard.press('Enter');
  await expect.poll(() => savedName(b)).toContain('le leur');
  await a.keyboard.press('Enter');
  const dialog = a.getByRole('dialog', { name: 'Quelqu’un d’autre l’a modifié' });
  await expect(dialog.getByRole('region', { name: 'Votre version' })).toContainText('le mien');
  await snap(a, 'conflicts-02-dialog-fr');
  await dialog.getByRole('button', { name: 'Garder la mienne' }).click();
  await expect.poll(() => savedName(a)).toContain('le mien');
});
