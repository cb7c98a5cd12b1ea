import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Comments and the side tabs (issue 10 §3–§4, spec 2 "Side tabs", decisions §11): two members on one requirement,
// one writes, the other sees it live with an unread count; Enter sends, Shift+Enter and Ctrl+Enter make new lines;
// the view narrows beside the panel; the chat icon of the tables opens a requirement's comments.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
let ada: TestUser;
let bob: TestUser;
let seed: SeededProject;
let a: Page;
let b: Page;
const contexts: BrowserContext[] = [];

const member = (browser: Browser, baseURL: string | undefined, user: TestUser) =>
  memberPage(browser, user, { contexts, context: { baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' } });

const requirementPath = () => `${seed.base}/detailed/requirement/${seed.requirement}`;
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');
const box = (page: Page) => panel(page).getByRole('textbox', { name: 'Your comment' });
const comments = (page: Page) => panel(page).getByRole('listitem');
/** The requirement's name field, as wide as the view allows: what narrows when a panel opens. */
const content = (page: Page) => page.getByRole('textbox', { name: 'Name' });

async function width(locator: Locator): Promise<{ x: number; width: number; height: number }> {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
}

async function unreadFor(page: Page): Promise<number> {
  const answer = await page.context().request.get(`/api/requirements/comments/${seed.requirement}`);
  return ((await answer.json()) as { unread: number }).unread;
}

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada);
  seed = await seedProject(a.context(), stamp);
  b = await member(browser, baseURL, bob);
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a side tab opens its panel at a quarter of the width, the view narrows beside it, a second click closes it', async () => {
  await a.goto(requirementPath());
  await expect(a.getByRole('textbox', { name: 'Name' })).toBeVisible();
  const tabs = a.getByRole('tablist', { name: 'Side panels' });
  await expect(tabs.getByRole('tab')).toHaveText(['Comments', 'Tags', 'Export settings', 'Quality']);
  const before = await width(content(a));

  await tab(a, 'Comments').click();
  await expect(tab(a, 'Comments')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(a)).toBeVisible();
  await expect(panel(a).getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(panel(a).getByText('No comments yet.', { exact: false })).toBeVisible();
  const viewport = a.viewportSize()!;
  const side = await width(panel(a));
  expect(Math.abs(side.width - Math.max(viewport.width * 0.25, 280))).toBeLessThan(2);
  const after = await width(content(a));
  // Narrowed, not covered: the view ends where the panel starts.
  expect(after.width).toBeLessThan(before.width - 200);
  expect(after.x + after.width).toBeLessThanOrEqual(side.x + 1);

  await tab(a, 'Comments').click();
  await expect(panel(a)).toHaveCount(0);
  await expect(tab(a, 'Comments')).toHaveAttribute('aria-selected', 'false');
  expect((await width(content(a))).width).toBeCloseTo(before.width, 0);
});

test('Enter sends; the other member sees it live and counts it unread until the panel is open', async () => {
  await b.goto(requirementPath());
  await expect(b.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(tab(b, 'Comments')).toHaveAttribute('aria-selected', 'false');

  await tab(a, 'Comments').click();
  await box(a).fill('The speed must read in knots.');
  await box(a).press('Enter');
  await expect(comments(a)).toHaveCount(1);
  await expect(comments(a).first()).toContainText('Ada Lovelace');
  await expect(comments(a).first()).toContainText('The speed must read in knots.');
  await expect(box(a)).toHaveValue('');

  // Bob's tab counts it as it arrives.
  await expect(b.getByTestId('side-tab-count-comments')).toHaveText('1');
  await expect(tab(b, 'Comments, 1 unread')).toBeVisible();
  expect(await unreadFor(b)).toBe(1);

  await tab(b, 'Comments, 1 unread').click();
  await expect(comments(b)).toHaveCount(1);
  const first = comments(b).first();
  await expect(first).toContainText('Ada Lovelace');
  await expect(first).toContainText('AL');
  await expect(first.locator('time')).toHaveText(/now|second|minute/);
  // Open: read. The count goes and the server's marker moved.
  await expect(b.getByTestId('side-tab-count-comments')).toHaveCount(0);
  await expect.poll(() => unreadFor(b)).toBe(0);

  // Arriving while open: shown at the bottom and read at once.
  await box(a).fill('And in km/h on request.');
  await box(a).press('Enter');
  await expect(comments(b)).toHaveCount(2);
  await expect(comments(b).last()).toContainText('And in km/h on request.');
  await expect(comments(b).last()).toBeInViewport();
  await snap(b, 'comments-live-en');
  await expect.poll(() => unreadFor(b)).toBe(0);
  await expect(b.getByTestId('side-tab-count-comments')).toHaveCount(0);
});

test('Shift+Enter and Ctrl+Enter make new lines; the box grows from 2 to 10 rows', async () => {
  const field = box(a);
  const twoRows = (await width(field)).height;
  await field.click();
  await a.keyboard.type('line one');
  await a.keyboard.press('Shift+Enter');
  await a.keyboard.type('line two');
  await a.keyboard.press('Control+Enter');
  await a.keyboard.type('line three');
  await expect(field).toHaveValue('line one\nline two\nline three');
  const threeRows = (await field.boundingBox())!.height;
  expect(threeRows).toBeGreaterThan(twoRows);
  await snap(a, 'comments-composer-en');
  await a.keyboard.press('Enter');
  await expect(comments(a)).toHaveCount(3);
  const sent = comments(a).last().locator('div').last();
  expect(await sent.innerText()).toContain('line one\nline two\nline three');
  await expect(comments(b)).toHaveCount(3);

  // Ten rows at most: beyond, the box scrolls.
  await field.fill(Array.from({ length: 30 }, (_, i) => `row ${i}`).join('\n'));
  const tall = (await field.boundingBox())!.height;
  expect(tall).toBeLessThan(twoRows * 5.5);
  expect(tall).toBeGreaterThan(twoRows * 4);
  await field.fill('');
});

test('the comments panel has no serious accessibility violation, and reads well in English', async () => {
  await a.waitForTimeout(300);
  const violations = await seriousViolations(a);
  expect(violations, describeViolations('comments panel', violations)).toEqual([]);
  await snap(a, 'comments-panel-en');
});

test('tags show their empty state, export settings their options; the tabs work from the keyboard', async () => {
  await tab(a, 'Comments').focus();
  await a.keyboard.press('ArrowDown');
  await expect(tab(a, 'Tags')).toBeFocused();
  await a.keyboard.press('Enter');
  await expect(panel(a).getByText('No classifiers yet')).toBeVisible();
  await snap(a, 'side-panel-tags-en');
  await expect(tab(a, 'Tags')).toHaveAttribute('aria-selected', 'true');
  await a.keyboard.press('ArrowDown');
  await a.keyboard.press('Space');
  await expect(panel(a).getByRole('switch', { name: 'Table of contents' })).toBeChecked();
  await a.keyboard.press('Home');
  await expect(tab(a, 'Comments')).toBeFocused();
  // End reaches the last tab (Quality); the open panel's tab is the one before it, and Enter there closes it.
  await a.keyboard.press('End');
  await expect(tab(a, 'Quality')).toBeFocused();
  await a.keyboard.press('ArrowUp');
  await expect(tab(a, 'Export settings')).toBeFocused();
  await a.keyboard.press('Enter');
  await expect(panel(a)).toHaveCount(0);
  await panel(a).waitFor({ state: 'detached' });
});

test('the chat icon is dimmed without comments and opens the requirement with its comments', async () => {
  await a.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  const commented = a.getByRole('button', { name: 'Comments of SR_I_001', exact: true });
  const quiet = a.getByRole('button', { name: 'Comments of SR_002 (none yet)' });
  await expect(commented).toBeVisible();
  await expect(commented).not.toHaveAttribute('data-dimmed');
  await expect(quiet).toHaveAttribute('data-dimmed', 'true');
  await snap(a, 'comments-table-en');
  // The document has its own comments, apart from its requirements'.
  await expect(tab(a, 'Comments')).toBeVisible();
  await commented.click();
  await expect(a).toHaveURL(new RegExp(`/detailed/requirement/${seed.requirement}$`));
  await expect(comments(a)).toHaveCount(3);

  // A comment on a requirement lights its icon in the other member's table, live.
  await b.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await expect(b.getByRole('button', { name: 'Comments of SR_002 (none yet)' })).toBeVisible();
  const stop = await data<{ id: number }[]>(
    b.context().request.get(`/api/documents/requirements/${seed.parentDocument}`),
  );
  const other = stop.find((r) => r.id !== seed.requirement)!;
  await apiCall(a.context(), 'POST', `requirements/comment/${other.id}`, { content: 'Check the braking distance.' });
  await expect(b.getByRole('button', { name: 'Comments of SR_002', exact: true })).toBeVisible();
});

test('the overview has the project’s comments only, and the panel reads well in French', async () => {
  await a.goto(seed.base);
  await expect(a.getByRole('tablist', { name: 'Side panels' }).getByRole('tab')).toHaveText(['Comments']);
  // The panel opened from the table stays open from one view to the next.
  await expect(tab(a, 'Comments')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(a).getByText('No comments yet.', { exact: false })).toBeVisible();
  await box(a).fill('Kick-off on Monday.');
  await box(a).press('Enter');
  await expect(comments(a)).toHaveCount(1);
  const project = await a.context().request.get(`/api/projects/comments/${seed.project.id}`);
  expect(((await project.json()) as { data: unknown[] }).data).toHaveLength(1);

  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  try {
    await a.goto(requirementPath());
    await expect(a.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(tab(a, 'Commentaires')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(a).getByRole('textbox', { name: 'Votre commentaire' })).toBeVisible();
    await expect(comments(a)).toHaveCount(3);
    await expect(a.getByRole('tablist', { name: 'Panneaux latéraux' }).getByRole('tab')).toHaveText([
      'Commentaires',
      'Étiquettes',
      'Paramètres d’export',
      'Qualité',
    ]);
    await a.waitForTimeout(300);
    await snap(a, 'comments-panel-fr');
  } finally {
    await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
  }
});
