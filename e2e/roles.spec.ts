import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Members and roles (decisions §20): what a viewer and an editor see of the same document and requirement; an editor
// demoted while typing in the shared description turns read-only live and what it then types is not applied; a
// member removed while viewing the project is sent away live.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
let maintainer: Page;
let viewer: Page;
let editor: Page;
let viewerId: number;
let editorId: number;
let seed: SeededProject;
const contexts: BrowserContext[] = [];

const member = (browser: Browser, baseURL: string | undefined, user: TestUser) =>
  memberPage(browser, user, { contexts, context: { baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' } });

const documentPath = () => `${seed.base}/detailed/document/${seed.parentDocument}`;
const requirementPath = () => `${seed.base}/detailed/requirement/${seed.requirement}`;
const description = (page: Page) => page.getByRole('textbox', { name: 'Description' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connecting|saved|Saving|Cannot edit/ });
const readOnlyNotice = (page: Page) =>
  page.getByRole('note').filter({ hasText: 'your role in the project does not allow changing it' });
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

async function userId(page: Page): Promise<number> {
  return (await data<{ id: number }>(page.context().request.get('/api/user'))).id;
}

async function myRole(page: Page): Promise<string> {
  const project = await data<{ my_role: string }>(
    page.context().request.get(`/api/projects/showfrompath/${seed.project.namespace}/${seed.project.slug}`),
  );
  return project.my_role;
}

async function savedDescription(page: Page): Promise<string> {
  return (await data<{ description: string }>(page.context().request.get(`/api/requirements/${seed.requirement}`)))
    .description;
}

const setRole = (userIdToChange: number, role: string) =>
  apiCall(maintainer.context(), 'PUT', `projects/members/${seed.project.id}/${userIdToChange}`, { role });

test.beforeAll(async ({ browser, baseURL }) => {
  maintainer = await member(browser, baseURL, newUser('mae', 'Mae Jemison'));
  seed = await seedProject(maintainer.context(), stamp);
  viewer = await member(browser, baseURL, newUser('vera', 'Vera Rubin'));
  editor = await member(browser, baseURL, newUser('ed', 'Edsger Dijkstra'));
  // The join link gives editor (the project's default joinRole); the maintainer makes the first one a viewer.
  for (const page of [viewer, editor])
    await apiCall(page.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
      token: seed.project.join_token,
    });
  viewerId = await userId(viewer);
  editorId = await userId(editor);
  await setRole(viewerId, 'viewer');
  expect(await myRole(viewer)).toBe('viewer');
  expect(await myRole(editor)).toBe('editor');
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a viewer sees the document without create, edit, move or delete controls; an editor sees them', async () => {
  for (const page of [viewer, editor]) {
    await page.goto(documentPath());
    await expect(page.getByRole('heading', { name: 'System Requirements' }).first()).toBeVisible();
    // The requirements' rows are drawn for both: what differs is the controls beside them.
    await expect(page.getByRole('row').filter({ hasText: 'The screen shall show the speed' })).toBeVisible();
  }
  await snap(viewer, 'roles-01-document-viewer');
  await snap(editor, 'roles-02-document-editor');

  const controls: (string | RegExp)[] = [
    'Edit',
    'Delete',
    'Add a category',
    'Add a requirement',
    /^Edit \S+_\d{3}$/,
    /^Copy \S+_\d{3}$/,
    /^Delete \S+_\d{3}$/,
    /^Move .* up$/,
    /^Move .* down$/,
  ];
  for (const name of controls) {
    await expect(button(editor, name).first(), `the editor's ${String(name)}`).toBeVisible();
    await expect(button(viewer, name), `the viewer's ${String(name)}`).toHaveCount(0);
  }
});

test('a viewer reads the description read-only with a notice and has no comment box; an editor writes both', async () => {
  for (const page of [viewer, editor]) {
    await page.goto(requirementPath());
    await expect(status(page)).toHaveText('All changes saved');
    await page.getByRole('tab', { name: 'Comments' }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Comments' })).toBeVisible();
  }
  await expect(description(viewer)).toHaveAttribute('contenteditable', 'false');
  await expect(readOnlyNotice(viewer)).toBeVisible();
  await expect(button(viewer, 'Copy')).toHaveCount(0);
  await expect(button(viewer, 'Delete')).toHaveCount(0);
  await expect(viewer.getByRole('tabpanel').getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
  await expect(viewer.getByRole('tabpanel').getByRole('note')).toContainText('takes a reviewer or above');
  await snap(viewer, 'roles-03-requirement-viewer');

  await expect(description(editor)).toHaveAttribute('contenteditable', 'true');
  await expect(readOnlyNotice(editor)).toHaveCount(0);
  await expect(button(editor, 'Copy')).toBeVisible();
  await expect(button(editor, 'Delete')).toBeVisible();
  await expect(editor.getByRole('tabpanel').getByRole('textbox', { name: 'Your comment' })).toBeVisible();
  await snap(editor, 'roles-04-requirement-editor');
  for (const page of [viewer, editor]) await page.getByRole('tab', { name: 'Comments' }).click();
});

test('an editor demoted to viewer while typing turns read-only live, and what it types then is not applied', async () => {
  await maintainer.goto(requirementPath());
  await expect(status(maintainer)).toHaveText('All changes saved');
  await expect(status(editor)).toHaveText('All changes saved');

  // Writable first: what the editor types reaches the maintainer and the stored description.
  await description(editor).click();
  await editor.keyboard.press('Control+End');
  await editor.keyboard.type(' Typed as an editor.');
  await expect(description(maintainer)).toContainText('Typed as an editor.');
  await expect.poll(() => savedDescription(maintainer)).toContain('Typed as an editor.');

  // The editor's element as it is now: the role's change opens the shared document anew, with a new editor.
  await description(editor).evaluate((element) => (element.dataset.before = 'demotion'));
  await setRole(editorId, 'viewer');
  // No reload: ProjectMembersUpdated makes the client read the project again, and my_role turns the editor
  // read-only. Decisions §20 bound it at 2 s; the margin is for a loaded machine.
  await expect(description(editor)).toHaveAttribute('contenteditable', 'false', { timeout: 3_000 });
  // Opened anew: what the server refused before the client heard of its role does not stay on its screen.
  await expect(description(editor)).not.toHaveAttribute('data-before', 'demotion');
  await expect(status(editor)).toHaveText('All changes saved');
  await expect(description(editor)).toContainText('Typed as an editor.');
  await expect(readOnlyNotice(editor)).toBeVisible();
  await expect(button(editor, 'Copy')).toHaveCount(0);
  await snap(editor, 'roles-05-demoted-read-only');

  // The browser no longer lets the page type; a client that ignores its role (made writable again by hand) sends
  // its update anyway, and the server must not apply it.
  await editor.evaluate(() => {
    const dom = document.querySelector<HTMLElement & { editor?: { setEditable(editable: boolean): void } }>(
      '[aria-label="Description"]',
    );
    if (!dom?.editor) throw new Error('no editor on the description');
    dom.editor.setEditable(true);
  });
  await description(editor).click();
  await editor.keyboard.press('Control+End');
  await editor.keyboard.type(' Typed after the demotion.');
  await expect(description(editor)).toContainText('Typed after the demotion.');

  // Then the maintainer types: once that reaches the demoted member, its own earlier update has reached the server.
  await description(maintainer).click();
  await maintainer.keyboard.press('Control+Home');
  await maintainer.keyboard.type('Maintainer after. ');
  await expect(description(editor)).toContainText('Maintainer after.');
  await expect.poll(() => savedDescription(maintainer)).toContain('Maintainer after.');
  await expect(description(maintainer)).not.toContainText('Typed after the demotion.');
  expect(await savedDescription(maintainer)).not.toContain('Typed after the demotion.');
  // A fresh load of the shared document (another browser) has it neither.
  await viewer.goto(requirementPath());
  await expect(description(viewer)).toContainText('Maintainer after.');
  await expect(description(viewer)).not.toContainText('Typed after the demotion.');

  // What the server refused is not unsaved work to keep: the demoted member leaves the view without being asked.
  await editor.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(editor.getByRole('dialog')).toHaveCount(0);
  await expect(editor).toHaveURL(new RegExp(`${seed.base}$`));
});

test('a member removed while viewing the project is sent away live, with no reload', async () => {
  await viewer.goto(documentPath());
  await expect(viewer.getByRole('row').filter({ hasText: 'The screen shall show the speed' })).toBeVisible();
  // A reload would show as a new navigation: the marker set in this page must survive until the end.
  await viewer.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await apiCall(maintainer.context(), 'DELETE', `projects/members/${seed.project.id}/${viewerId}`);
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByText('This project has just been deleted, or you have been removed from it.')).toBeVisible();
  expect(await viewer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(viewer.getByRole('link', { name: /Flight Display/ })).toHaveCount(0);
  await snap(viewer, 'roles-06-removed');
  // The server agrees: the project is no longer theirs.
  const answer = await viewer
    .context()
    .request.get(`/api/projects/showfrompath/${seed.project.namespace}/${seed.project.slug}`);
  expect(answer.status()).toBe(403);
});
