import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { apiCall, logIn, newUser, signUpConfirmed, type TestUser } from './support/users';
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

async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
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
    preferences: { tours: { dashboard: true, project: true, document: true } },
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

test('the view follows a description saved in another browser, even with the caret in it', async () => {
  await a.goto(requirementPath);
  await b.goto(requirementPath);
  await expect(editor(a)).toContainText('Base.');
  // A clicks into the editor and types nothing.
  await editor(a).click();
  await typeAtEnd(b, ' From B.');
  await b.getByRole('button', { name: 'Save the description' }).click();
  await expect(editor(a)).toContainText('Base. From B.');
  // Leaving the editor saves nothing back over B's text.
  await a.getByRole('heading', { name: 'Traceability' }).click();
  await expect.poll(() => saved(a)).toBe('<p>Base. From B.</p>');
});

test('a save from an older version meets the conflict dialog; keeping mine saves it over theirs', async () => {
  await typeAtEnd(a, ' Mine.');
  await typeAtEnd(b, ' Theirs.');
  await b.getByRole('button', { name: 'Save the description' }).click();
  await expect.poll(() => saved(b)).toBe('<p>Base. From B. Theirs.</p>');
  // A's draft is kept while they type: B's save does not replace it.
  await expect(editor(a)).toContainText('Base. From B. Mine.');

  await a.getByRole('button', { name: 'Save the description' }).click();
  const dialog = a.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(dialog).toBeVisible();
  const description = dialog.getByRole('group', { name: 'Description' });
  await expect(description.getByRole('region', { name: 'Your version' })).toContainText('Base. From B. Mine.');
  await expect(description.getByRole('region', { name: 'Their version (saved)' })).toContainText(
    'Base. From B. Theirs.',
  );
  await snap(a, 'conflicts-01-dialog-en');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => saved(a)).toBe('<p>Base. From B. Mine.</p>');
  // B follows live.
  await expect(editor(b)).toContainText('Base. From B. Mine.');
  await expect(editor(b)).not.toContainText('Theirs.');
});

test('taking theirs drops my draft and shows the saved text', async () => {
  await typeAtEnd(a, ' Draft of A.');
  await typeAtEnd(b, ' Saved by B.');
  await b.getByRole('button', { name: 'Save the description' }).click();
  await expect.poll(() => saved(b)).toBe('<p>Base. From B. Mine. Saved by B.</p>');
  await a.getByRole('button', { name: 'Save the description' }).click();
  const dialog = a.getByRole('dialog', { name: 'Someone else changed this' });
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor(a)).toContainText('Base. From B. Mine. Saved by B.');
  await expect(editor(a)).not.toContainText('Draft of A.');
  await expect(a.getByText('All changes saved')).toBeVisible();
  expect(await saved(a)).toBe('<p>Base. From B. Mine. Saved by B.</p>');
});

test('a revision opens, rendered, and restores as an ordinary change that keeps a revision itself', async () => {
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
  await expect(dialog.getByRole('heading', { name: 'Prime the pump' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
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
  await editor(a).click();
  await a.keyboard.press('Control+End');
  await a.keyboard.type(' Le mien.');
  await typeAtEnd(b, ' Le leur.');
  await b.getByRole('button', { name: /Save the description|Enregistrer la description/ }).click();
  await expect.poll(() => saved(b)).toContain('Le leur.');
  await a.getByRole('button', { name: 'Enregistrer la description' }).click();
  const dialog = a.getByRole('dialog', { name: 'Quelqu’un d’autre l’a modifié' });
  await expect(dialog.getByRole('region', { name: 'Votre version' })).toContainText('Le mien.');
  await snap(a, 'conflicts-02-dialog-fr');
  await dialog.getByRole('button', { name: 'Garder la mienne' }).click();
  await expect.poll(() => saved(a)).toContain('Le mien.');
});
