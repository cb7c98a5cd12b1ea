import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { linkFromNewestMail } from './support/outbox';
import { snap } from './support/screenshot';
import { ALL_TOURS_DONE, apiCall, logIn, newUser, signUpConfirmed, type TestUser } from './support/users';
import { data } from './support/seed';

// What the first users hit (issue 9 §3): stale links seen where requirements are listed, times never in the
// future, the language picked before logging in kept, and a newcomer's join link surviving registration.

interface Setup {
  owner: TestUser;
  context: BrowserContext;
  page: Page;
  project: { id: number; slug: string; namespace: string; join_token: string };
  parentDocument: number;
  childDocument: number;
}

async function setUp(browser: import('@playwright/test').Browser, baseURL: string | undefined): Promise<Setup> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  const owner = newUser('owner', 'Olive Owner');
  await signUpConfirmed(context, owner);
  await apiCall(context, 'PUT', 'user/preferences', {
    preferences: { tours: ALL_TOURS_DONE },
  });
  const project = await data<Setup['project']>(
    apiCall(context, 'POST', 'projects', {
      name: 'Braking',
      acronym: 'BRK',
      slug: `braking-${owner.username}`,
      group_id: null,
      description: '',
    }),
  );
  const parent = await data<{ id: number }>(
    apiCall(context, 'POST', 'documents', {
      project_id: project.id,
      name: 'System',
      acronym: 'SYS',
      description: '',
      parents_id: [],
    }),
  );
  const child = await data<{ id: number }>(
    apiCall(context, 'POST', 'documents', {
      project_id: project.id,
      name: 'Software',
      acronym: 'SW',
      description: '',
      parents_id: [parent.id],
    }),
  );
  return { owner, context, page, project, parentDocument: parent.id, childDocument: child.id };
}

test('a stale link shows in the requirement tables of both documents, with an accessible name', async ({
  browser,
  baseURL,
}) => {
  const s = await setUp(browser, baseURL);
  const parent = await data<{ id: number }>(
    apiCall(s.context, 'POST', 'requirements', {
      document_id: s.parentDocument,
      category_id: null,
      name: 'Stop within 40 m',
    }),
  );
  const child = await data<{ id: number }>(
    apiCall(s.context, 'POST', 'requirements', { document_id: s.childDocument, category_id: null, name: 'Brake' }),
  );
  await apiCall(s.context, 'PUT', `requirements/${child.id}`, { parents_id: [parent.id] });
  await logIn(s.page, s.owner);
  const base = `/project/${s.project.namespace}/${s.project.slug}/detailed`;

  await s.page.goto(`${base}/document/${s.childDocument}`);
  const childRow = s.page.getByRole('row').filter({ hasText: 'SW_001' });
  await expect(childRow).toBeVisible();
  await expect(childRow.getByRole('img', { name: /out of date/ })).toHaveCount(0);

  // The parent changes after the link was made: the link goes stale.
  await apiCall(s.context, 'PUT', `requirements/${parent.id}`, { name: 'Stop within 35 m' });
  await s.page.reload();
  await expect(childRow.getByRole('img', { name: '1 link out of date' })).toBeVisible();
  await snap(s.page, 'first-users-01-stale-in-table');
  await s.page.goto(`${base}/document/${s.parentDocument}`);
  const parentRow = s.page.getByRole('row').filter({ hasText: 'SYS_001' });
  await expect(parentRow.getByRole('img', { name: '1 link out of date' })).toBeVisible();

  // In French too.
  await apiCall(s.context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await s.page.reload();
  await expect(parentRow.getByRole('img', { name: '1 lien obsolète' })).toBeVisible();
  await snap(s.page, 'first-users-02-stale-in-table-fr');
  await s.context.close();
});

test('a client clock that runs behind never shows a time in the future', async ({ browser, baseURL }) => {
  const s = await setUp(browser, baseURL);
  // This browser's clock is three minutes behind the server's.
  await s.page.clock.setSystemTime(new Date(Date.now() - 3 * 60_000));
  await logIn(s.page, s.owner);
  expect(await s.page.evaluate(() => Date.now())).toBeLessThan(Date.now() - 2 * 60_000);
  await apiCall(s.context, 'POST', 'requirements', {
    document_id: s.parentDocument,
    category_id: null,
    name: 'Warn the driver',
  });
  await s.page.goto(`/project/${s.project.namespace}/${s.project.slug}/detailed/document/${s.parentDocument}`);
  const row = s.page.getByRole('row').filter({ hasText: 'SYS_001' });
  await expect(row).toContainText('updated now');
  await expect(row).not.toContainText(/ in \d/);
  await s.context.close();
});

test('the language picked on the login page stays after logging in and becomes the account’s', async ({
  browser,
  baseURL,
}) => {
  const s = await setUp(browser, baseURL);
  await s.page.goto('/login');
  await s.page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await s.page.getByLabel('Adresse e-mail').fill(s.owner.email);
  await s.page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(s.owner.password);
  await s.page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(s.page).toHaveURL(/\/dashboard$/);
  await expect(s.page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    s.page.getByRole('link', { name: 'Tableau de bord' }).or(s.page.getByText('Tableau de bord')).first(),
  ).toBeVisible();
  await expect
    .poll(
      async () => (await data<{ preferences: { lang: string } }>(s.context.request.get('/api/user'))).preferences.lang,
    )
    .toBe('fr');
  // Logging in again elsewhere speaks French without being asked.
  const other = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await other.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(s.owner.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(s.owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await other.close();
  await s.context.close();
});

test('a newcomer who opens a join link, registers and confirms, lands on the project’s join page', async ({
  browser,
  baseURL,
}) => {
  const s = await setUp(browser, baseURL);
  const joinPath = `/projects/join/${s.project.namespace}/${s.project.slug}/${s.project.join_token}`;
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  const newcomer = newUser('newcomer', 'Nina Newcomer');

  await page.goto(joinPath);
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?from=/);
  await page.getByLabel('Full name').fill(newcomer.name);
  await page.getByLabel('Username').fill(newcomer.username);
  await page.getByLabel('E-mail address').fill(newcomer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password);
  await page.getByRole('textbox', { name: 'Confirm the password' }).fill(newcomer.password);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  const link = await linkFromNewestMail(newcomer.email, /\/confirm\/[^\s"'<>]+/);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`), { timeout: 15_000 });
  await expect(page.getByText('You have joined the project Braking.', { exact: false })).toBeVisible();
  await context.close();
  await s.context.close();
});
