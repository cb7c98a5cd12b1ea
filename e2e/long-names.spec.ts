import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// Long names wrap everywhere (issue 9 §3): a 200-letter name without a space and a long name with spaces, in the
// trees, the requirement table, the headers, the cards and a dialog; nothing pushes the page sideways, every
// name stays inside the window, and the badges beside the names keep their width. In English and in French.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** 200 letters, no space: a name the browser cannot break at a word. */
const UNBROKEN = 'Supercalifragilistic'.repeat(10);
const SPACED =
  'The onboard flight management computer shall display the calibrated airspeed, the ground speed and the ' +
  'true airspeed of the aircraft on the primary flight display at all times';
const owner = newUser('lena', 'Lena Longname');

let context: BrowserContext;
let page: Page;
let seed: SeededProject;
let spacedRequirement = 0;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  await signUpConfirmed(context, owner);
  await markToursDone(context);
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours: { document: true } } });
  seed = await seedProject(context, stamp, {
    project: UNBROKEN,
    parentDocument: UNBROKEN,
    childDocument: SPACED,
    category: UNBROKEN,
    requirement: UNBROKEN,
  });
  spacedRequirement = (
    await data<{ id: number }>(
      apiCall(context, 'POST', 'requirements', {
        document_id: seed.parentDocument,
        category_id: seed.category,
        name: SPACED,
        description: '',
      }),
    )
  ).id;
  // A status badge beside the long name: in the table's row, and in its child's list of links.
  await apiCall(context, 'PUT', `requirements/${seed.requirement}`, { status: 1 });
  // That child gets a child of its own, so that its view shows parents and children side by side, each column half
  // as wide.
  const tests = await data<{ id: number }>(
    apiCall(context, 'POST', 'documents', {
      project_id: seed.project.id,
      name: 'Integration tests',
      acronym: 'IT',
      parents_id: [seed.childDocument],
    }),
  );
  const grandchild = await data<{ id: number }>(
    apiCall(context, 'POST', 'requirements', { document_id: tests.id, category_id: null, name: 'Grandchild' }),
  );
  await apiCall(context, 'PUT', `requirements/${grandchild.id}`, { parents_id: [seed.linkedChild] });
  await logIn(page, owner);
});

test.afterAll(async () => {
  await context.close();
});

/** The page scrolls only up and down: nothing is wider than the window. */
async function expectNoSidewaysScroll(label: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect.soft(widths.scroll, `${label}: the page is wider than the window`).toBeLessThanOrEqual(widths.client);
}

/**
 * Each element showing the name lies inside the window and inside its own box (no text running out of it);
 * `scope` narrows the search to a part of the page.
 */
async function expectNameInside(scope: Locator, name: string, label: string): Promise<void> {
  const boxes = await scope.evaluate((root, text) => {
    const found: { tag: string; left: number; right: number; overflow: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode as Element | null; node; node = walker.nextNode() as Element | null) {
      const el = node as HTMLElement;
      // The innermost elements whose own text is the name (or holds it).
      const own = Array.from(el.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.includes(text));
      const value = el instanceof HTMLTextAreaElement && el.value.includes(text);
      if (!own && !value) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || el.closest('[aria-hidden="true"]') || getComputedStyle(el).position === 'absolute') {
        // The visually hidden h1 of the requirement view is 1 px wide on purpose.
        if (rect.width <= 1) continue;
      }
      found.push({
        tag: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80),
        left: rect.left,
        right: rect.right,
        overflow: el.scrollWidth - el.clientWidth,
      });
    }
    return { found, viewport: window.innerWidth };
  }, name);
  expect(boxes.found.length, `${label}: the name is shown`).toBeGreaterThan(0);
  for (const box of boxes.found) {
    expect.soft(box.left, `${label}: ${box.tag} starts left of the window`).toBeGreaterThanOrEqual(0);
    expect.soft(box.right, `${label}: ${box.tag} runs past the window`).toBeLessThanOrEqual(boxes.viewport);
    expect.soft(box.overflow, `${label}: ${box.tag} is wider inside than its box`).toBeLessThanOrEqual(1);
  }
}

/**
 * Every badge in `scope` is as wide as its content (max-content): not squeezed by the long name beside it, its
 * label not cut to an ellipsis. Every button's label shows whole too.
 */
async function expectBadgesWhole(scope: Locator, label: string): Promise<void> {
  const { badges, buttons } = await scope.evaluate((root) => ({
    badges: Array.from(root.querySelectorAll<HTMLElement>('.mantine-Badge-root')).map((badge) => {
      const width = badge.getBoundingClientRect().width;
      const previous = badge.style.width;
      badge.style.width = 'max-content';
      const natural = badge.getBoundingClientRect().width;
      badge.style.width = previous;
      return { text: badge.textContent ?? '', width, natural };
    }),
    buttons: Array.from(root.querySelectorAll<HTMLElement>('.mantine-Button-label')).map((button) => ({
      text: button.textContent ?? '',
      hidden: button.scrollWidth - button.clientWidth,
    })),
  }));
  expect(badges.length, `${label}: badges shown`).toBeGreaterThan(0);
  for (const badge of badges) {
    expect.soft(badge.natural - badge.width, `${label}: the badge "${badge.text}" is squeezed`).toBeLessThan(1);
  }
  for (const button of buttons) {
    expect.soft(button.hidden, `${label}: the button "${button.text}" is cut`).toBeLessThanOrEqual(1);
  }
}

/** Every column header in `scope` shows its label on one line: a label broken inside a word reads as two words. */
async function expectHeadersOnOneLine(scope: Locator, label: string): Promise<void> {
  const headers = await scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('th')).flatMap((th) => {
      // The label's text as it shows: a visually hidden label (1 px wide on purpose) is left out.
      const shown = Array.from(th.querySelectorAll('*'), (el) => el as HTMLElement)
        .concat(th)
        .flatMap((el) =>
          Array.from(el.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
        )
        .filter((node) => node.parentElement!.getBoundingClientRect().width > 1);
      if (shown.length === 0) return [];
      // One rectangle per line box of the label's text.
      const tops = new Set(
        shown.flatMap((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return Array.from(range.getClientRects(), (rect) => Math.round(rect.top));
        }),
      );
      return [{ text: th.innerText.trim(), lines: tops.size }];
    }),
  );
  expect(headers.length, `${label}: column headers shown`).toBeGreaterThan(0);
  for (const header of headers) {
    expect.soft(header.lines, `${label}: the header "${header.text}" breaks`).toBe(1);
  }
}

async function checkEveryPlace(lang: 'en' | 'fr'): Promise<void> {
  const structure = page
    .getByRole('navigation')
    .filter({ has: page.getByRole('list') })
    .last();

  await test.step(`${lang}: the dashboard's projects table`, async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(`${lang} dashboard`);
    await expectNameInside(page.locator('main'), UNBROKEN, `${lang} dashboard`);
    await expectHeadersOnOneLine(page.locator('main'), `${lang} dashboard`);
  });

  await test.step(`${lang}: the project overview (header, cards, side bar)`, async () => {
    await page.goto(seed.base);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(`${lang} overview`);
    await expectNameInside(page.locator('main'), UNBROKEN, `${lang} overview`);
    await expectNameInside(page.locator('main'), SPACED, `${lang} overview`);
    await expectBadgesWhole(page.locator('main'), `${lang} overview`);
    await snap(page, `long-names-overview-${lang}`);
  });

  await test.step(`${lang}: the document view (header, categories tree, requirement table, side bar)`, async () => {
    await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(UNBROKEN.slice(0, 20));
    await expect(page.getByRole('table').first().getByRole('row').filter({ hasText: SPACED })).toBeVisible();
    await expectNoSidewaysScroll(`${lang} document`);
    await expectNameInside(page.getByRole('heading', { level: 1 }), UNBROKEN, `${lang} document header`);
    await expectNameInside(structure, UNBROKEN, `${lang} side-bar tree`);
    await expectNameInside(structure, SPACED, `${lang} side-bar tree`);
    await expectNameInside(page.getByRole('table').first(), UNBROKEN, `${lang} requirement table`);
    await expectNameInside(page.getByRole('table').first(), SPACED, `${lang} requirement table`);
    await expectNameInside(page.locator('main ul').filter({ hasText: UNBROKEN }).first(), UNBROKEN, `${lang} tree`);
    await expectBadgesWhole(page.locator('main'), `${lang} document`);
    await snap(page, `long-names-document-${lang}`);
  });

  await test.step(`${lang}: the category view`, async () => {
    await page.goto(`${seed.base}/detailed/category/${seed.category}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(UNBROKEN.slice(0, 20));
    await expectNoSidewaysScroll(`${lang} category`);
    await expectNameInside(page.locator('main'), UNBROKEN, `${lang} category`);
    await expectNameInside(page.locator('main'), SPACED, `${lang} category`);
  });

  await test.step(`${lang}: the requirement view's header wraps the name`, async () => {
    await page.goto(`${seed.base}/detailed/requirement/${seed.requirement}`);
    const name = page.getByRole('textbox', { name: lang === 'en' ? 'Name' : 'Nom', exact: true });
    await expect(name).toHaveValue(UNBROKEN);
    await expectNoSidewaysScroll(`${lang} requirement`);
    await expectNameInside(page.locator('main'), UNBROKEN, `${lang} requirement`);
    // Wrapped over several lines, not scrolled inside a one-line field.
    const lines = await name.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect.soft(lines, `${lang} requirement: lines of the name`).toBeGreaterThan(1.9);
    await snap(page, `long-names-requirement-${lang}`);

    await page.goto(`${seed.base}/detailed/requirement/${spacedRequirement}`);
    await expect(page.getByRole('textbox', { name: lang === 'en' ? 'Name' : 'Nom', exact: true })).toHaveValue(SPACED);
    await expectNoSidewaysScroll(`${lang} requirement (spaced)`);
    await expectNameInside(page.locator('main'), SPACED, `${lang} requirement (spaced)`);

    // A child's link to the long-named requirement, with its status badge beside the name.
    await page.goto(`${seed.base}/detailed/requirement/${seed.linkedChild}`);
    await expect(page.locator('main li').filter({ hasText: UNBROKEN }).first()).toBeVisible();
    await expectNoSidewaysScroll(`${lang} requirement's link`);
    await expectNameInside(page.locator('main'), UNBROKEN, `${lang} requirement's link`);
    await expectBadgesWhole(page.locator('main'), `${lang} requirement's link`);
    // With a side panel open the column narrows: the name goes to a line of its own rather than into a sliver
    // beside the mark, the reference and the status (where it broke after every letter or two).
    await page.getByRole('tab', { name: lang === 'en' ? 'Comments' : 'Commentaires' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const parents = page.getByRole('list', { name: 'Parents', exact: true });
    const linkName = parents.getByRole('link').filter({ hasText: UNBROKEN });
    const widths = await linkName.evaluate((el) => ({
      name: el.getBoundingClientRect().width,
      card: el.closest('li')!.clientWidth,
    }));
    expect
      .soft(widths.name, `${lang} requirement's link beside a panel: the name's width`)
      .toBeGreaterThan(Math.min(180, widths.card - 40));
    await snap(page, `long-names-link-panel-${lang}`);
    await page.getByRole('tab', { name: lang === 'en' ? 'Comments' : 'Commentaires' }).click();
  });

  await test.step(`${lang}: a dialog naming the requirement`, async () => {
    await page.goto(`${seed.base}/detailed/requirement/${seed.requirement}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Supprimer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoSidewaysScroll(`${lang} dialog`);
    await expectNameInside(dialog, UNBROKEN, `${lang} dialog`);
    const box = (await dialog.boundingBox())!;
    expect.soft(box.x + box.width, `${lang} dialog: runs past the window`).toBeLessThanOrEqual(1280);
    await snap(page, `long-names-dialog-${lang}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('long names wrap in the trees, the table, the headers, the cards and the dialogs, in English', async () => {
  test.setTimeout(120_000);
  await checkEveryPlace('en');
});

test('long names wrap in the trees, the table, the headers, the cards and the dialogs, in French', async () => {
  test.setTimeout(120_000);
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await checkEveryPlace('fr');
});
