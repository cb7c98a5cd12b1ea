import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// The export-settings panel (issue 11 §3, spec 2, decisions §13): a switch per option, the table of evolutions for
// alpha users only, changes sent after a second as one call, and another browser sees them live.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let ada: TestUser;
let bob: TestUser;
let a: Page;
let b: Page;

const member = (browser: Browser, baseURL: string | undefined, user: TestUser, alpha = false) =>
  memberPage(browser, user, { contexts, alpha, context: { baseURL, locale: 'en-US' } });

const documentPath = () => `${seed.base}/detailed/document/${seed.parentDocument}`;
const panel = (page: Page) => page.getByRole('tabpanel');
const option = (page: Page, name: string) => panel(page).getByRole('switch', { name });

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada, true);
  seed = await seedProject(a.context(), stamp);
  b = await member(browser, baseURL, bob);
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('every option is a switch; the table of evolutions is there for alpha users only', async () => {
  for (const page of [a, b]) {
    await page.goto(documentPath());
    await page.getByRole('tab', { name: 'Export settings' }).click();
    await expect(option(page, 'Table of contents')).toBeChecked();
    await expect(option(page, 'Traceability matrices')).toBeChecked();
    await expect(option(page, 'Date on the title page')).toBeChecked();
  }
  await expect(option(a, 'Table of evolutions')).not.toBeChecked();
  await expect(panel(a).getByLabel('Changes since')).toBeDisabled();
  await expect(option(b, 'Table of evolutions')).toHaveCount(0);
  await expect(panel(b).getByLabel('Changes since')).toHaveCount(0);
  await snap(a, 'export-settings-panel-en');
});

test('changes go after a second as one call, and show in the other browser', async () => {
  const puts: string[] = [];
  a.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/documents/settings/'))
      puts.push(request.postData() ?? '');
  });
  await option(a, 'Project summary').click();
  await option(a, 'Document summary').click();
  // Toggled and toggled back within the second: not sent.
  await option(a, 'Date on the title page').click();
  await option(a, 'Date on the title page').click();
  await expect(option(a, 'Project summary')).not.toBeChecked();
  await expect(option(b, 'Project summary')).not.toBeChecked({ timeout: 10_000 });
  await expect(option(b, 'Document summary')).not.toBeChecked();
  expect(puts).toHaveLength(1);
  expect(JSON.parse(puts[0]!)).toEqual({
    settings: { 'export.projectSummary': false, 'export.documentSummary': false },
  });
  const saved = await (await a.context().request.get(`/api/documents/settings/${seed.parentDocument}`)).json();
  expect(saved.data).toMatchObject({ 'export.projectSummary': false, 'export.dateOnTitlePage': true });
});

test('the alpha user sets the table of evolutions with its day', async () => {
  await option(a, 'Table of evolutions').click();
  const day = panel(a).getByLabel('Changes since');
  await expect(day).toBeEnabled();
  await day.fill('2026-01-31');
  await expect
    .poll(
      async () => (await (await a.context().request.get(`/api/documents/settings/${seed.parentDocument}`)).json()).data,
      {
        timeout: 10_000,
      },
    )
    .toMatchObject({ 'export.tableOfEvolutions': true, 'export.tableOfEvolutionsRefDate': '2026-01-31' });
  await snap(a, 'export-settings-alpha-en');
});
