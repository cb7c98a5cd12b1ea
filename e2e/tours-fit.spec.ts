import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { seedProject } from './support/seed';
import {
  doneOnServer,
  makePlayerTest,
  text,
  tourOf,
  tourStep,
  toursNotDone,
  viewOf,
  WALKABLE_TOURS,
  type Language,
  type TourSeed,
} from './support/tours';
import { ALL_TOURS_DONE, alphaOn, apiCall, logIn, newUser, signUpConfirmed, type TestUser } from './support/users';

// Issue 31: on a long document the document tour's step beside its 200-row table was drawn above the window
// (y = −345), greying the screen with no button in sight. Every tour is walked here on a document of 200
// requirements, at a laptop's window and a small one, in both languages: each step's dialog and buttons lie inside
// the window, and Escape closes the tour wherever the focus is.
test.describe.configure({ mode: 'serial' });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 800, height: 600 },
] as const;
const LANGUAGES: readonly Language[] = ['en', 'fr'];
const LONG_DOCUMENT = 200;
/** Where each step's picture is kept, for a person to look at after the run. */
const SHOTS = path.join(import.meta.dirname, '.tmp', 'screenshots', 'tours-fit');

const user: TestUser = newUser('wanderer', 'Walt Wanderer');
let context: BrowserContext;
let page: Page;
let seed: TourSeed;

/** The requirements of the long document, a few at a time: each write takes the document's lock anyway. */
async function fillDocument(documentId: number, categoryId: number): Promise<void> {
  const batch = 8;
  for (let start = 0; start < LONG_DOCUMENT; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, LONG_DOCUMENT - start) }, (_, offset) =>
        apiCall(context, 'POST', 'requirements', {
          document_id: documentId,
          category_id: categoryId,
          name: `The display shall refresh item ${start + offset + 1} within 100 ms`,
          description: `<p>Item ${start + offset + 1} is redrawn at every frame of the display.</p>`,
        }),
      ),
    );
  }
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signUpConfirmed(context, user);
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours: ALL_TOURS_DONE } });
  const project = await seedProject(context, user.username);
  await fillDocument(project.parentDocument, project.category);
  await alphaOn(user);
  seed = { ...project, playerTest: await makePlayerTest(context, project.childDocument) };
  await logIn(page, user);
});

test.afterAll(async () => {
  await context.close();
});

/**
 * What of the dialog and its buttons lies outside the window (nothing, when the step shows whole), measured in one
 * call: on a busy machine, a call per button outlasted the poll.
 */
function outsideTheWindow(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((element) => {
    const parts: [string, Element][] = [
      ['dialog', element],
      ...Array.from(element.querySelectorAll('button')).map((button): [string, Element] => [
        `button ${button.textContent}`,
        button,
      ]),
    ];
    return parts.flatMap(([what, part]) => {
      const box = part.getBoundingClientRect();
      const inside = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
      return inside ? [] : [`${what} at x ${Math.round(box.left)}, y ${Math.round(box.top)}`];
    });
  });
}

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    for (const name of WALKABLE_TOURS) {
      const label = `${size.width}×${size.height}, ${language}`;
      test(`${label}: every step of the ${name} tour shows whole with its buttons, and Escape closes it`, async () => {
        // A long document on a busy machine: a walk of seven steps took more than the suite's minute.
        test.setTimeout(150_000);
        const tour = tourOf(name);
        const total = tour.steps.length;
        await page.setViewportSize(size);
        await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: language } });
        await toursNotDone(context, name);
        await page.goto(viewOf(name, seed));
        for (let index = 0; index < total; index += 1) {
          const dialog = tourStep(page, tour, index, language);
          // The first step waits for the long document to render and for the tour's poll.
          await expect(dialog).toBeVisible({ timeout: index === 0 ? 60_000 : undefined });
          await expect(dialog).toContainText(text(tour.steps[index]!.text, language));
          // Positions settle after the scroll and the step's move: poll until they do, or fail with the boxes.
          await expect
            .poll(() => outsideTheWindow(dialog), { message: `step ${index + 1} of the ${name} tour, ${label}` })
            .toEqual([]);
          await expect(page.locator(tour.steps[index]!.target)).toBeInViewport();
          await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}-${language}-${index + 1}.png`) });
          if (index < total - 1) await dialog.getByRole('button', { name: text('tours.next', language) }).click();
        }
        // Escape closes the tour wherever the focus is, even off its dialog.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect.poll(() => doneOnServer(context, name)).toBe(true);
      });
    }
  }
}
