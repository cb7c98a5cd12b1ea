import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { linkFromNewestMail } from './support/outbox';
import { snap } from './support/screenshot';
import { ALL_TOURS_DONE } from './support/users';

// The working area as a team uses it (issue "Web client", spec 2 §2 and §4): documents linked parent to child,
// categories, requirements, links and their up-to-date marks, status, revisions, a second browser kept in step,
// and a thousand-requirement document. The steps build on each other.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const user = {
  name: 'Grace Hopper',
  username: `grace-${stamp}`,
  email: `grace-${stamp}@example.test`,
  password: 'compiler pioneer 1952',
};
const project = { name: 'Flight Display', acronym: 'FD', slug: `flight-display-${stamp}` };
const projectPath = `/project/${user.username}/${project.slug}`;

let page: Page;
let context: BrowserContext;
let projectId = 0;

async function csrfHeaders(ctx: BrowserContext): Promise<Record<string, string>> {
  let token = (await ctx.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await ctx.request.get('/sanctum/csrf-cookie');
    token = (await ctx.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  return { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') };
}

/** An API call with the context's session and CSRF header; answers the body's data. */
async function api(ctx: BrowserContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<any> {
  const request: APIRequestContext = ctx.request;
  const response = await request.fetch(`/api/${path}`, { method, data, headers: await csrfHeaders(ctx) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

async function logIn(p: Page): Promise<void> {
  await p.goto('/login');
  await p.getByLabel('E-mail address').fill(user.email);
  await p.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await p.getByRole('button', { name: 'Log in' }).click();
  await expect(p).toHaveURL(/\/dashboard$/);
}

function dialog(name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Types into a rich-text editor (TipTap's contenteditable). */
async function typeRichText(editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.type(text);
}

/** The requirements table of the page (there is one per document view). */
function table(p: Page = page): Locator {
  return p.getByRole('table', { name: /^Requirements of / }).first();
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await api(context, 'POST', 'auth/register', { ...user, password_confirmation: user.password });
  const link = await linkFromNewestMail(user.email, /\/confirm\/[^\s"'<>]+/);
  expect((await context.request.get(`/api/auth${link}`)).ok()).toBe(true);
  await api(context, 'PUT', 'user/preferences', {
    preferences: { tours: ALL_TOURS_DONE },
  });
  const created = await api(context, 'POST', 'projects', { ...project, group_id: null, description: '' });
  projectId = created.id as number;
  await logIn(page);
});

test.afterAll(async () => {
  await context.close();
});

test('documents, categories and requirements', async () => {
  await test.step('the overview says there are no documents yet', async () => {
    await page.goto(projectPath);
    await expect(page.getByText('No documents yet').first()).toBeVisible();
  });

  await test.step('create the parent document: the acronym follows the name', async () => {
    await page.getByRole('button', { name: 'New document' }).first().click();
    const d = dialog('New document');
    await expect(d.getByRole('button', { name: 'Create the document' })).toBeDisabled();
    await d.getByRole('textbox', { name: 'Name' }).fill('System Requirements');
    await expect(d.getByRole('textbox', { name: 'Acronym' })).toHaveValue('SR');
    await typeRichText(d.getByRole('textbox', { name: 'Description' }), 'What the display system shall do.');
    await snap(page, 'wa-01-document-dialog-en');
    await d.getByRole('button', { name: 'Create the document' }).click();
    await expect(page).toHaveURL(/\/detailed\/document\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'System Requirements' })).toBeVisible();
    await expect(page).toHaveTitle('System Requirements · Reqloom');
    await expect(page.getByText('This document has no categories yet', { exact: false })).toBeVisible();
  });

  await test.step('closing a modified dialog asks before dropping the changes', async () => {
    await page.getByRole('button', { name: 'Add a category' }).click();
    const d = dialog('New category');
    await d.getByRole('textbox', { name: 'Name' }).fill('Throwaway');
    await page.keyboard.press('Escape');
    await expect(page.getByText('Drop your modifications?')).toBeVisible();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(d).toBeVisible();
    await d.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(d).toBeHidden();
  });

  await test.step('categories, nested and numbered', async () => {
    for (const [name, expectedAcronym] of [
      ['Interface', 'INT'],
      ['Safety', 'SAF'],
    ] as const) {
      await page.getByRole('button', { name: 'Add a category' }).click();
      const d = dialog('New category');
      await d.getByRole('textbox', { name: 'Name' }).fill(name);
      await expect(d.getByRole('textbox', { name: 'Acronym' })).toHaveValue(expectedAcronym);
      if (name === 'Safety') await snap(page, 'wa-02-category-dialog-en');
      await d.getByRole('button', { name: 'Create the category' }).click();
      await expect(d).toBeHidden();
    }
    await page.getByRole('button', { name: 'Add a sub-category to Interface' }).click();
    const d = dialog('New category');
    await d.getByRole('textbox', { name: 'Name' }).fill('Display');
    await d.getByRole('textbox', { name: 'Acronym' }).fill('DSP');
    await d.getByRole('button', { name: 'Create the category' }).click();
    await expect(d).toBeHidden();
    const tree = page.getByRole('list', { name: 'Categories' });
    await expect(tree.getByRole('listitem')).toHaveCount(3);
    await expect(tree).toContainText('1Interface');
    await expect(tree).toContainText('1.1Display');
    await expect(tree).toContainText('2Safety');
    // The side bar's tree shows the same structure.
    const sidebar = page.getByRole('navigation', { name: 'Project structure' });
    await expect(sidebar.getByRole('link', { name: /Display/ })).toBeVisible();
  });

  await test.step('a requirement named after its description, its case cycled with Shift+F3', async () => {
    await page.getByRole('button', { name: 'Add a requirement to Display' }).click();
    const d = dialog('New requirement');
    await expect(d.getByRole('checkbox', { name: /Name after the first paragraph/ })).toBeChecked();
    await typeRichText(d.getByRole('textbox', { name: 'Description' }), 'The screen shall show the speed.');
    const name = d.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('The screen shall show the speed.');
    await name.focus();
    await page.keyboard.press('Shift+F3');
    await expect(name).toHaveValue('THE SCREEN SHALL SHOW THE SPEED.');
    await page.keyboard.press('Shift+F3');
    await expect(name).toHaveValue('the screen shall show the speed.');
    await page.keyboard.press('Shift+F3');
    await expect(name).toHaveValue('The screen shall show the speed.');
    await snap(page, 'wa-03-requirement-dialog-en');
    await d.getByRole('button', { name: 'Create the requirement' }).click();
    await expect(d).toBeHidden();
    await expect(table().getByRole('link', { name: 'SR_INT_DSP_001' })).toBeVisible();
  });

  await test.step('two more requirements, one in Display and one in Safety', async () => {
    for (const [category, text] of [
      ['Display', 'The screen shall show the altitude.'],
      ['Safety', 'The system shall stop safely.'],
    ] as const) {
      await page.getByRole('button', { name: `Add a requirement to ${category}` }).click();
      const d = dialog('New requirement');
      await typeRichText(d.getByRole('textbox', { name: 'Description' }), text);
      await d.getByRole('button', { name: 'Create the requirement' }).click();
      await expect(d).toBeHidden();
    }
    await expect(table().getByRole('link', { name: 'SR_SAF_003' })).toBeVisible();
    await expect(page.getByText('3 requirements').first()).toBeVisible();
    await snap(page, 'wa-04-document-view-en');
  });

  await test.step('the child document, created from the side bar with its parent', async () => {
    await page
      .getByRole('navigation', { name: 'Project structure' })
      .getByRole('button', { name: 'New document' })
      .click();
    const d = dialog('New document');
    await d.getByRole('textbox', { name: 'Name' }).fill('Software Design');
    await expect(d.getByRole('textbox', { name: 'Acronym' })).toHaveValue('SD');
    await d.getByRole('combobox', { name: 'Parent documents' }).click();
    await page.getByRole('option', { name: /System Requirements/ }).click();
    await page.keyboard.press('Escape');
    await d.getByRole('button', { name: 'Create the document' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Software Design' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a requirement', exact: true }).click();
    const r = dialog('New requirement');
    await typeRichText(r.getByRole('textbox', { name: 'Description' }), 'The speed widget renders the speed.');
    await r.getByRole('button', { name: 'Create the requirement' }).click();
    await expect(r).toBeHidden();
    await expect(table().getByRole('link', { name: 'SD_001' })).toBeVisible();
    // Not yet linked to a parent requirement: flagged.
    await expect(table().getByText('Not covering')).toBeVisible();
  });

  await test.step('the overview draws the two documents and their link', async () => {
    await page.goto(projectPath);
    await expect(page.getByRole('link', { name: /System Requirements/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Software Design/ }).first()).toBeVisible();
    await snap(page, 'wa-05-overview-en');
  });
});

test('links, coverage, up-to-date marks, status and revisions', async () => {
  await test.step('link the child requirement to its parent', async () => {
    await page
      .getByRole('link', { name: /Software Design/ })
      .first()
      .click();
    await table().getByRole('link', { name: 'SD_001' }).click();
    await expect(page).toHaveURL(/\/detailed\/requirement\/\d+$/);
    await expect(page.getByText('Not covering').first()).toBeVisible();
    await page.getByRole('button', { name: 'Edit parents' }).click();
    const d = dialog(/^Parents · SD_001/);
    await d.getByRole('combobox', { name: 'Parents' }).click();
    await page.getByRole('option', { name: /SR_INT_DSP_001/ }).click();
    await page.keyboard.press('Escape');
    await snap(page, 'wa-06-edit-parents-dialog-en');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect(d).toBeHidden();
    const parents = page.getByRole('list', { name: 'Parents' });
    await expect(parents.getByRole('listitem')).toContainText('SR_INT_DSP_001');
    await expect(parents.getByRole('listitem')).toContainText('Up to date');
    await expect(page.getByText('Covered', { exact: true })).toBeVisible();
  });

  await test.step('the parent shows its child, up to date, and is covered', async () => {
    await page.getByRole('list', { name: 'Parents' }).getByRole('link', { name: 'SR_INT_DSP_001' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('The screen shall show the speed.');
    const children = page.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('listitem')).toContainText('SD_001');
    await expect(children.getByRole('listitem')).toContainText('Up to date');
    await expect(page.getByText('Covered', { exact: true })).toBeVisible();
  });

  await test.step('renaming the parent keeps a revision and turns the link out of date', async () => {
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('The screen shall show the speed in knots.');
    await name.press('Enter');
    await expect(page).toHaveTitle('The screen shall show the speed in knots. · Reqloom');
    const revisions = page.getByRole('table', { name: 'Revisions' });
    // One revision, open under its row on what the rename did (decisions §22).
    await expect(revisions.locator('tbody tr[data-revision]')).toHaveCount(1);
    await expect(revisions).toContainText('The screen shall show the speed.');
    await expect(revisions.locator('ins')).toHaveText('added  in knots');
    await expect(revisions).toContainText(/now|second/);
    await expect(page.getByRole('list', { name: 'Children' })).toContainText('Out of date');
    await page.getByRole('list', { name: 'Children' }).getByRole('link', { name: 'SD_001' }).click();
    await expect(page.getByRole('list', { name: 'Parents' })).toContainText('Out of date');
    await expect(page.getByText('1 link out of date')).toBeVisible();
  });

  await test.step('the status goes forward and back one step at a time', async () => {
    await page.getByRole('button', { name: 'Mark as Written' }).click();
    await expect(page.getByRole('button', { name: 'Mark as Reviewed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Validated' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark as Reviewed' }).click();
    await expect(page.getByRole('button', { name: 'Mark as Validated' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo Reviewed' }).click();
    await expect(page.getByRole('button', { name: 'Mark as Reviewed' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Revisions' }).locator('tbody tr[data-revision]')).toHaveCount(3);
    await snap(page, 'wa-07-requirement-view-en');
  });

  await test.step('the description is edited live with the toolbar, saved as it is typed', async () => {
    const editor = page.getByRole('textbox', { name: 'Description' });
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Bold part.');
    await page.getByRole('button', { name: 'Insert a table (3 × 3 with a header row)' }).click();
    await expect(editor.locator('table tr')).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    // Written back by the server within 2 s. The same author went on from their own change of a moment ago (the
    // status): no new revision (decisions §15, one per author per 5 minutes of editing).
    await expect
      .poll(async () => {
        const response = await page
          .context()
          .request.get(page.url().replace(/.*\/requirement\//, '/api/requirements/'));
        return ((await response.json()) as { data: { description: string } }).data.description;
      })
      .toMatch(/Bold part\.<\/p><table/);
    await expect(page.getByRole('table', { name: 'Revisions' }).locator('tbody tr[data-revision]')).toHaveCount(3);
  });

  await test.step('the child document lists it as written', async () => {
    await page
      .getByRole('navigation', { name: 'Project structure' })
      .getByRole('link', { name: /Software Design/ })
      .click();
    const row = table().getByRole('row', { name: /SD_001/ });
    await expect(row).toContainText('Written');
    await row.getByRole('button', { name: 'Show the description of SD_001' }).click();
    await expect(row).toContainText('Bold part.');
  });

  await test.step('create children and edit children from the parent', async () => {
    await page
      .getByRole('navigation', { name: 'Project structure' })
      .getByRole('link', { name: /System Requirements/ })
      .click();
    await table().getByRole('link', { name: 'SR_SAF_003' }).click();
    await page.getByRole('button', { name: 'Create children' }).click();
    const d = dialog('Create children of SR_SAF_003');
    await expect(d.getByRole('button', { name: 'Create children' })).toBeEnabled();
    await d.getByRole('textbox', { name: 'Name' }).fill('Watchdog restarts the display');
    await d.getByRole('button', { name: 'Add a row' }).click();
    await d.getByRole('textbox', { name: 'Name' }).nth(1).fill('Fail-safe screen');
    await snap(page, 'wa-08-children-dialog-en');
    await d.getByRole('button', { name: 'Create children' }).click();
    await expect(d).toBeHidden();
    const children = page.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Edit children' }).click();
    const e = dialog(/^Children · SR_SAF_003/);
    await snap(page, 'wa-09-edit-children-dialog-en');
    await e.getByRole('combobox', { name: 'Children' }).click();
    await page.getByRole('option', { name: /Fail-safe screen/ }).click();
    await page.keyboard.press('Escape');
    await e.getByRole('button', { name: 'Save' }).click();
    await expect(e).toBeHidden();
    await expect(children.getByRole('listitem')).toHaveCount(1);
  });
});

test('reorder categories and requirements', async () => {
  await page
    .getByRole('navigation', { name: 'Project structure' })
    .getByRole('link', { name: /System Requirements/ })
    .click();
  const tree = page.getByRole('list', { name: 'Categories' });
  await page.getByRole('button', { name: 'Move Safety up' }).click();
  await expect(tree).toContainText('1Safety');
  await expect(tree).toContainText('2Interface');
  await expect(tree).toContainText('2.1Display');
  await expect(page.getByRole('button', { name: 'Move Safety up' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Safety down' }).click();
  await expect(tree).toContainText('1Interface');

  await tree.getByRole('link', { name: 'Display' }).click();
  await expect(page).toHaveURL(/\/detailed\/category\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('1.1Display (DSP)');
  const list = page.getByRole('table', { name: 'Requirements of Display' });
  const rows = list.getByRole('row');
  await expect(rows.nth(1)).toContainText('SR_INT_DSP_001');
  await expect(rows.nth(2)).toContainText('SR_INT_DSP_002');
  await expect(page.getByRole('button', { name: 'Move SR_INT_DSP_001 up' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move SR_INT_DSP_002 up' }).click();
  await expect(rows.nth(1)).toContainText('SR_INT_DSP_002');
  await expect(rows.nth(2)).toContainText('SR_INT_DSP_001');
  await snap(page, 'wa-10-category-view-en');
});

test('a second browser sees a new requirement appear without reloading', async ({ browser, baseURL }) => {
  const other = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const second = await other.newPage();
  await logIn(second);
  await page
    .getByRole('navigation', { name: 'Project structure' })
    .getByRole('link', { name: /Software Design/ })
    .click();
  const documentUrl = page.url();
  await second.goto(documentUrl);
  await expect(table(second).getByRole('link', { name: 'SD_001' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a requirement', exact: true }).click();
  const d = dialog('New requirement');
  await typeRichText(d.getByRole('textbox', { name: 'Description' }), 'A requirement seen live.');
  await d.getByRole('button', { name: 'Create the requirement' }).click();
  await expect(d).toBeHidden();

  await expect(table(second).getByRole('link', { name: 'A requirement seen live.' })).toBeVisible();
  await expect(
    second.getByRole('navigation', { name: 'Project structure' }).getByRole('link', { name: /Software Design/ }),
  ).toContainText('4');
  await other.close();
});

test('a change made while a page loads, before its live subscription, is not missed', async ({ browser, baseURL }) => {
  const other = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const second = await other.newPage();
  await logIn(second);
  // The second browser's realtime connection holds its subscriptions (a slow network): the page's reads answer,
  // then another member's change is sent to the project's room before this browser is in it.
  const held: Array<() => void> = [];
  await second.routeWebSocket('**/socket.io/**', (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const send = () => server.send(message);
      if (typeof message === 'string' && message.includes('"subscribe"')) held.push(send);
      else send();
    });
  });
  const documentUrl = page.url();
  const documentId = Number(/(\d+)$/.exec(documentUrl)?.[1]);
  await second.goto(documentUrl);
  await expect(table(second).getByRole('link', { name: 'SD_001' })).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await api(context, 'POST', 'requirements', {
    document_id: documentId,
    category_id: null,
    name: 'Written while the other page loaded.',
  });
  await expect(table().getByRole('link', { name: 'Written while the other page loaded.' })).toBeVisible();
  for (const send of held.splice(0)) send();
  await expect(table(second).getByRole('link', { name: 'Written while the other page loaded.' })).toBeVisible();
  await other.close();
});

test('a thousand-requirement document shows, scrolls and filters', async () => {
  test.setTimeout(240_000);
  const document = await api(context, 'POST', 'documents', {
    project_id: projectId,
    name: 'Load Test',
    acronym: 'LT',
    description: '',
    parents_id: [],
  });
  const total = 1000;
  const batch = 10;
  for (let start = 1; start <= total; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, total - start + 1) }, (_, i) =>
        api(context, 'POST', 'requirements', {
          document_id: document.id,
          category_id: null,
          name: `Load requirement ${start + i}`,
          description: `<p>Generated text number ${start + i}.</p>`,
        }),
      ),
    );
  }

  // The structure's answer is held until the requirements are asked for: both go out together, the list does
  // not wait for the structure (without that, the requirements are never asked for and the flag stays false).
  let askedTogether = false;
  const requirementsAsked = new Promise<void>((resolve) => {
    page.on('request', (request) => {
      if (request.url().includes(`/api/documents/requirements/${document.id}`)) resolve();
    });
  });
  await page.route('**/api/projects/structure/**', async (route) => {
    askedTogether = await Promise.race([
      requirementsAsked.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    await route.continue();
  });
  await page.goto(`${projectPath}/detailed/document/${document.id}`);
  const grid = table();
  await expect(grid.getByRole('link', { name: 'LT_001' })).toBeVisible({ timeout: 20_000 });
  expect(askedTogether).toBe(true);
  await page.unroute('**/api/projects/structure/**');
  await expect(page.getByText('1000 requirements').first()).toBeVisible();
  // Virtualised: a screenful of rows is in the page, not a thousand.
  expect(await grid.getByRole('row').count()).toBeLessThan(60);
  // One scroll bar, the page's: the table is as tall as its rows and scrolls with the page.
  expect(await grid.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1000 * 40);

  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect(grid.getByRole('link', { name: 'LT_1000' })).toBeVisible();
  expect(await grid.getByRole('row').count()).toBeLessThan(60);
  // The header row stays in sight under the top bar.
  await expect(grid.getByRole('columnheader', { name: 'Requirement' })).toBeInViewport();
  await page.evaluate(() => window.scrollTo({ top: 0 }));

  await page.getByRole('textbox', { name: 'Filter the requirements' }).fill('requirement 777');
  await expect(grid.getByRole('link', { name: 'Load requirement 777' })).toBeVisible();
  await expect(page.getByText('1 of 1000')).toBeVisible();
  await snap(page, 'wa-11-thousand-filtered');
  await page.getByRole('textbox', { name: 'Filter the requirements' }).fill('');
  await expect(page.getByText('1000 requirements').first()).toBeVisible();
});

test('the screens in French', async () => {
  await api(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await page.goto(projectPath);
  await expect(page.getByRole('button', { name: 'Nouveau document' }).first()).toBeVisible();
  await snap(page, 'wa-fr-01-overview');
  await page
    .getByRole('link', { name: /System Requirements/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Catégories' })).toBeVisible();
  await snap(page, 'wa-fr-02-document-view');
  await page.getByRole('button', { name: 'Modifier', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'wa-fr-03-document-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ajouter une sous-catégorie à Interface' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'wa-fr-04-category-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ajouter une exigence à Safety' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'wa-fr-05-requirement-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('list', { name: 'Catégories' }).getByRole('link', { name: 'Display' }).click();
  await snap(page, 'wa-fr-06-category-view');
  await page.getByRole('table', { name: 'Exigences de Display' }).getByRole('link', { name: 'SR_INT_DSP_001' }).click();
  await expect(page.getByRole('heading', { name: 'Révisions' })).toBeVisible();
  await snap(page, 'wa-fr-07-requirement-view');
  await page.getByRole('button', { name: 'Créer des enfants' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'wa-fr-08-children-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('list', { name: 'Enfants' }).getByRole('link', { name: 'SD_001' }).click();
  await page.getByRole('button', { name: 'Modifier les parents' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'wa-fr-09-edit-parents-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await api(context, 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
});
