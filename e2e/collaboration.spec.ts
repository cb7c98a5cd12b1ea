import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed, type TestUser } from './support/users';

// Collaborative editing (issue 10 §1): two people in two browsers type into one requirement's description; each
// sees the other's text and named caret, the people connected, and the status; the server keeps the result.
test.describe.configure({ mode: 'serial' });

let owner: TestUser;
let member: TestUser;
let seeded: SeededProject;
let a: Page;
let b: Page;
const contexts: BrowserContext[] = [];

async function browserPage(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Description' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connecting|saved|Saving|Cannot edit/ });
const requirementPath = () => `${seeded.base}/detailed/requirement/${seeded.requirement}`;

async function savedDescription(page: Page): Promise<string> {
  return (await data<{ description: string }>(page.context().request.get(`/api/requirements/${seeded.requirement}`)))
    .description;
}

test.beforeAll(async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  contexts.push(setup);
  owner = newUser('grace', 'Grace Hopper');
  member = newUser('alan', 'Alan Turing');
  await signUpConfirmed(setup, owner);
  await markToursDone(setup);
  seeded = await seedProject(setup, owner.username);
  const memberSetup = await browser.newContext({ baseURL });
  contexts.push(memberSetup);
  await signUpConfirmed(memberSetup, member);
  await markToursDone(memberSetup);
  const joined = await apiCall(
    memberSetup,
    'POST',
    `projects/join/${seeded.project.namespace}/${seeded.project.slug}`,
    { token: seeded.project.join_token },
  );
  expect(joined.status()).toBe(200);
  a = await browserPage(browser, baseURL, owner);
  b = await browserPage(browser, baseURL, member);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('two browsers type into one description: each sees the other’s text, caret and name', async () => {
  await a.goto(requirementPath());
  await b.goto(requirementPath());
  await expect(status(a)).toHaveText('All changes saved');
  await expect(status(b)).toHaveText('All changes saved');
  // Both see who is connected, by the names the server knows.
  for (const page of [a, b]) {
    const people = page.getByRole('list', { name: 'Connected users' });
    await expect(people.getByRole('listitem', { name: 'Grace Hopper' })).toBeVisible();
    await expect(people.getByRole('listitem', { name: 'Alan Turing' })).toBeVisible();
  }

  await editor(a).click();
  await a.keyboard.press('Control+End');
  await a.keyboard.type(' Typed by Grace.');
  await expect(editor(b)).toContainText('Typed by Grace.');

  await editor(b).click();
  await b.keyboard.press('Control+Home');
  await b.keyboard.type('Alan first. ');
  await expect(editor(a)).toContainText('Alan first.');
  await expect(editor(a)).toContainText('Typed by Grace.');

  // Each browser draws the other's caret with the other's name.
  await expect(a.locator('.collaboration-carets__label', { hasText: 'Alan Turing' })).toBeVisible();
  await expect(b.locator('.collaboration-carets__label', { hasText: 'Grace Hopper' })).toBeVisible();
  await snap(a, 'collaboration-01-two-carets');
  await snap(b, 'collaboration-02-other-browser');

  // Both typed at once, too: nothing is lost.
  await Promise.all([a.keyboard.type(' Grace again.'), b.keyboard.type('Alan again. ')]);
  for (const page of [a, b]) {
    await expect(editor(page)).toContainText('Grace again.');
    await expect(editor(page)).toContainText('Alan again.');
  }
  await expect(status(a)).toHaveText('All changes saved');

  // The server writes the description back within 2 s; the table and a fresh load show it.
  await expect.poll(() => savedDescription(a)).toMatch(/Alan first\. Alan again\. .*Typed by Grace\. Grace again\./);
});

test('a change saved through the API arrives in the open editors', async () => {
  const before = await savedDescription(a);
  const response = await apiCall(a.context(), 'PUT', `requirements/${seeded.requirement}`, {
    description: `${before}<p>Added by a script.</p>`,
  });
  expect(response.status()).toBe(200);
  await expect(editor(a)).toContainText('Added by a script.');
  await expect(editor(b)).toContainText('Added by a script.');
  await expect(editor(b)).toContainText('Grace again.');
});

test('the editor is read-only until connected, and then shows what the other typed meanwhile', async () => {
  // The collaboration socket of B answers nothing (a proxy that holds it, a slow network): B must not type.
  let hold = true;
  await b.routeWebSocket('**/collab', (ws) => {
    if (!hold) ws.connectToServer();
  });
  await b.reload();
  await expect(editor(b)).toBeVisible();
  await expect(status(b)).toHaveText('Connecting…');
  await expect(editor(b)).toHaveAttribute('contenteditable', 'false');
  await snap(b, 'collaboration-03-connecting');
  await editor(a).click();
  await a.keyboard.press('Control+End');
  await a.keyboard.type(' While Alan was away.');
  hold = false;
  await b.reload();
  await expect(status(b)).toHaveText('All changes saved');
  await expect(editor(b)).toHaveAttribute('contenteditable', 'true');
  await expect(editor(b)).toContainText('While Alan was away.');
});

test('the editor says so and turns read-only when the access ends', async () => {
  // The member's session ends (logged out elsewhere): the server closes the collaboration connection.
  const out = await apiCall(b.context(), 'POST', 'auth/logout', {});
  expect(out.status()).toBe(204);
  // Any other call the page makes now answers 401 and sends it to the login screen, racing the editor's own
  // reaction (a realtime reconnection's reload, on a loaded machine). They are held here, so that what is seen is
  // the editor's answer to its closed connection, which this test is about.
  await b.route('**/api/**', (route) => route.abort());
  await expect(status(b)).toContainText('Cannot edit');
  await expect(editor(b)).toHaveAttribute('contenteditable', 'false');
  await expect(b.getByRole('list', { name: 'Connected users' })).toHaveCount(0);
  await snap(b, 'collaboration-04-access-ended');
  await expect(
    a.getByRole('list', { name: 'Connected users' }).getByRole('listitem', { name: 'Alan Turing' }),
  ).toHaveCount(0);
});

test('in French', async () => {
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await a.reload();
  await expect(status(a).or(a.getByText('Toutes les modifications sont enregistrées'))).toBeVisible();
  await expect(a.getByRole('list', { name: 'Utilisateurs connectés' })).toBeVisible();
  await snap(a, 'collaboration-05-fr');
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
});
