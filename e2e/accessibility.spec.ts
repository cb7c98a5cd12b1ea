import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { describeViolations, seriousViolations, type Violation } from './support/axe';
import { seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, newUser, signUpConfirmed, markToursDone } from './support/users';

// WCAG 2.2 AA on every view (issue 9 §4): axe finds no serious or critical violation, in English and in French
// (the app has one colour scheme, the light one); each view has one h1, a skip link as the first keyboard stop,
// and a focus ring on what the keyboard reaches. Each check runs over all the views and reports every failing one
// (soft assertions); the tests share one signed-in page but do not depend on each other.

interface View {
  name: string;
  path: string;
}

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const owner = newUser('ada', 'Ada Lovelace');
let context: BrowserContext;
let page: Page;
let seed: SeededProject;

// Each test walks many views (about 5 s each with axe).
test.describe.configure({ timeout: 300_000 });

const publicViews: View[] = [
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot password', path: '/forgotpassword' },
  { name: 'reset password', path: '/resetpassword/not-a-token' },
  { name: 'confirm (bad link)', path: '/confirm/nobody/not-a-token' },
  { name: 'forbidden', path: '/forbidden' },
];

function signedInViews(s: SeededProject): View[] {
  return [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'new group', path: '/groups/new' },
    { name: 'join group (bad link)', path: `/groups/join/${s.group.slug}/not-a-token` },
    { name: 'new project', path: '/projects/new' },
    { name: 'join project (bad link)', path: `/projects/join/${s.project.namespace}/${s.project.slug}/not-a-token` },
    { name: 'user profile', path: '/user/profile' },
    { name: 'user preferences', path: '/user/preferences' },
    { name: 'user applications', path: '/user/applications' },
    { name: 'project overview', path: s.base },
    { name: 'project settings', path: `${s.base}/settings` },
    { name: 'project history', path: `${s.base}/history` },
    { name: 'parent document', path: `${s.base}/detailed/document/${s.parentDocument}` },
    { name: 'child document (stale link)', path: `${s.base}/detailed/document/${s.childDocument}` },
    { name: 'category', path: `${s.base}/detailed/category/${s.category}` },
    { name: 'requirement', path: `${s.base}/detailed/requirement/${s.requirement}` },
    { name: 'requirement (stale link)', path: `${s.base}/detailed/requirement/${s.staleChild}` },
    { name: 'playtest (coming soon)', path: `${s.base}/playtest` },
    { name: 'synaeptic', path: `${s.base}/synaeptic` },
  ];
}

/** Opens a view and waits until it has settled: no loader left, its main heading there, transitions done. */
async function open(p: Page, view: View): Promise<void> {
  await p.goto(view.path);
  await expect(p.locator('main').getByRole('heading').first()).toBeVisible();
  await expect(p.locator('main .mantine-Loader-root')).toHaveCount(0);
  // Mantine fades screens and menus in: axe would measure the contrast of text half-way through.
  await p.waitForTimeout(400);
}

const summaryDir = path.join(import.meta.dirname, '.tmp');

/** Runs axe on each view, as soft assertions so that one run lists every failing view; keeps a summary file. */
async function axeEveryView(p: Page, views: readonly View[], label: string): Promise<void> {
  const summary: Record<string, Violation[]> = {};
  for (const view of views) {
    await open(p, view);
    const violations = await seriousViolations(p);
    summary[view.name] = violations;
    expect.soft(violations, describeViolations(`${view.name} (${label})`, violations)).toEqual([]);
  }
  fs.mkdirSync(summaryDir, { recursive: true });
  fs.writeFileSync(path.join(summaryDir, `axe-${label}.json`), JSON.stringify(summary, null, 2));
}

async function anonymousPage(browser: Browser, baseURL: string | undefined, locale: string): Promise<Page> {
  const anonymous = await browser.newContext({ baseURL, locale, timezoneId: 'Europe/Paris' });
  return anonymous.newPage();
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signUpConfirmed(context, owner);
  await markToursDone(context);
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours: { document: true } } });
  seed = await seedProject(context, stamp);
  await logIn(page, owner);
});

test.afterAll(async () => {
  await context.close();
});

test('axe finds no serious or critical violation on the public views, in English and in French', async ({
  browser,
  baseURL,
}) => {
  for (const locale of ['en-US', 'fr-FR']) {
    const p = await anonymousPage(browser, baseURL, locale);
    await axeEveryView(p, publicViews, `public-${locale}`);
    await p.context().close();
  }
});

test('axe finds no serious or critical violation on the signed-in views, in English', async () => {
  await axeEveryView(page, signedInViews(seed), 'en');
});

test('axe finds no serious or critical violation in the working-area dialogs', async () => {
  await open(page, { name: 'parent document', path: `${seed.base}/detailed/document/${seed.parentDocument}` });
  const dialogs: { name: string; opener: string | RegExp; dialog: string | RegExp }[] = [
    { name: 'new category', opener: 'Add a category', dialog: 'New category' },
    { name: 'new requirement', opener: 'Add a requirement to Interface', dialog: 'New requirement' },
  ];
  for (const d of dialogs) {
    await page.getByRole('button', { name: d.opener, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: d.dialog });
    await expect(dialog).toBeVisible();
    await page.waitForTimeout(400);
    const violations = await seriousViolations(page);
    expect.soft(violations, describeViolations(`${d.name} dialog`, violations)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('axe finds no serious or critical violation on the signed-in views, in French', async () => {
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  try {
    await axeEveryView(page, signedInViews(seed), 'fr');
  } finally {
    await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
    await page.reload();
  }
});

/**
 * Puts the keyboard at the top of the page, as for a person arriving there. Forms focus their first field on
 * arrival, and a blur would leave the browser's starting point there: focusing the body for a moment moves it.
 */
async function focusTop(p: Page): Promise<void> {
  await p.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

/** What the first Tab reaches, and where Enter on it sends the focus. */
async function firstStop(p: Page): Promise<{ text: string; href: string | null; visible: boolean; then: string }> {
  await focusTop(p);
  await p.keyboard.press('Tab');
  const stop = await p.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    return {
      text: el.textContent?.trim() ?? '',
      href: el.getAttribute('href'),
      visible: box.width > 1 && box.height > 1 && box.top >= 0 && box.left >= 0,
    };
  });
  await p.keyboard.press('Enter');
  const then = await p.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}#${el.id}` : '';
  });
  return { ...stop, then };
}

test('every view has one h1 and a skip link to the main content as the first keyboard stop', async ({
  browser,
  baseURL,
}) => {
  const anonymous = await anonymousPage(browser, baseURL, 'en-US');
  const runs: [Page, View[], string][] = [
    [anonymous, publicViews, 'Skip to main content'],
    [page, signedInViews(seed), 'Skip to main content'],
  ];
  for (const [p, views, skipText] of runs) {
    for (const view of views) {
      await open(p, view);
      expect.soft(await p.locator('h1').count(), `${view.name}: number of h1`).toBe(1);
      const stop = await firstStop(p);
      expect.soft(stop, `${view.name}: the first Tab stop and where Enter on it leads`).toEqual({
        text: skipText,
        href: '#main-content',
        visible: true,
        then: 'main#main-content',
      });
    }
  }
  await anonymous.context().close();

  // The skip link speaks French too.
  const french = await anonymousPage(browser, baseURL, 'fr-FR');
  await open(french, publicViews[0]!);
  expect((await firstStop(french)).text).toBe('Aller au contenu principal');
  await french.context().close();
});

/** The focus ring of the focused element: an outline, or Mantine's box-shadow ring on inputs. */
function focusRing(p: Page): Promise<{ element: string; ring: boolean }> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    // Text inputs show focus with a coloured border (Mantine): a change of border colour on focus counts.
    const input = el.matches('input, textarea, select, [contenteditable="true"]');
    const label =
      el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.getAttribute('placeholder') ?? '';
    return { element: `${el.tagName.toLowerCase()} "${label}"`, ring: outline || input };
  });
}

test('every element the keyboard reaches shows a focus ring', async () => {
  const views = signedInViews(seed).filter((view) =>
    [
      'dashboard',
      'project overview',
      'parent document',
      'category',
      'requirement',
      'user preferences',
      'project history',
    ].includes(view.name),
  );
  for (const view of views) {
    await open(page, view);
    await focusTop(page);
    const missing: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const { element, ring } = await focusRing(page);
      // Past the last element the focus leaves for the browser's own interface: the body is then "focused".
      if (element.startsWith('body ')) break;
      if (!ring) missing.push(element);
    }
    expect.soft(missing, `${view.name}: focused without a visible ring`).toEqual([]);
  }
});
