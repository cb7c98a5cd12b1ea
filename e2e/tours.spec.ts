import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { TourName } from '@reqloom/domain';
import { TOURS } from '../apps/web/src/features/tours/tourRegistry';
import type { TourDefinition } from '../apps/web/src/features/tours/tourTypes';
import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from './support/axe';
import { snap } from './support/screenshot';
import { seedProject } from './support/seed';
import {
  doneOnServer as doneOn,
  makePlayerTest,
  text,
  tourOf,
  tourStep,
  toursNotDone as notDone,
  viewOf as view,
  VIEWS,
  type TourSeed,
} from './support/tours';
import { ALL_TOURS_DONE, alphaOn, apiCall, logIn, newUser, signUpConfirmed, type TestUser } from './support/users';

// The guided tours (issue 14 §2, decisions §18): each starts on its view, every step points at something there,
// stopping marks it done, and the preferences bring them back. The steps come from the client's own registry,
// so a target that leaves its view fails here. tours-fit.spec.ts walks them again on a long document, at two
// window sizes and in both languages.
test.describe.configure({ mode: 'serial' });

const user: TestUser = newUser('tourist', 'Tess Tourist');
let context: BrowserContext;
let page: Page;
let seed: TourSeed;

const viewOf = (name: TourName): string => view(name, seed);
const toursNotDone = (...names: TourName[]) => notDone(context, ...names);
const doneOnServer = (name: TourName) => doneOn(context, name);
const step = (tour: TourDefinition, index: number, language: 'en' | 'fr' = 'en') =>
  tourStep(page, tour, index, language);

/** axe on the tour's dialog once its transition has ended: the serious and critical violations, by rule. */
async function dialogViolations(): Promise<string[]> {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The tour is gone and stays gone: one poll period and more, with the preferences loaded. */
async function expectNoTour(): Promise<void> {
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signUpConfirmed(context, user);
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours: ALL_TOURS_DONE } });
  const project = await seedProject(context, user.username);
  await alphaOn(user);
  seed = { ...project, playerTest: await makePlayerTest(context, project.childDocument) };
  await logIn(page, user);
});

test.afterAll(async () => {
  await context.close();
});

test('every tour of the registry has its view here', () => {
  for (const name of Object.keys(VIEWS) as TourName[]) {
    if (TOURS[name]) expect(VIEWS[name], `${name}: the path of its view, in VIEWS`).not.toBeNull();
  }
});

for (const name of Object.keys(VIEWS) as TourName[]) {
  if (!VIEWS[name] || !TOURS[name]) continue;
  test(`the ${name} tour starts on its view, every step points at something there, and finishing marks it done`, async () => {
    const tour = tourOf(name);
    await toursNotDone(name);
    await page.goto(viewOf(name));
    const first = step(tour, 0);
    await expect(first).toBeVisible();
    // A modal dialog that holds the focus, named by its title and described by its text.
    await expect(first).toHaveAttribute('aria-modal', 'true');
    await expect(first).toHaveAccessibleDescription(text(tour.steps[0].text));
    await expect.poll(() => first.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    // Every target is on the page and seen, not only the one on show (a missing one would centre the step).
    for (const [index, { target }] of tour.steps.entries()) {
      await expect(page.locator(target), `step ${index + 1} of the ${name} tour: ${target}`).toBeVisible();
    }
    const total = tour.steps.length;
    for (let index = 0; index < total; index += 1) {
      const dialog = step(tour, index);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(text(tour.steps[index]!.text));
      await expect(dialog).toContainText(`${index + 1} of ${total}`);
      await expect(page.locator(tour.steps[index]!.target)).toBeInViewport();
      // The step itself shows whole: placed beside a target that fills the window, it had fallen outside.
      await expect(dialog).toBeInViewport({ ratio: 1 });
      if (index === 1 && (name === 'document' || name === 'requirement' || name === 'testPlayer')) {
        await snap(page, `tours-${name}`);
        expect(await dialogViolations()).toEqual([]);
      }
      await dialog.getByRole('button', { name: index === total - 1 ? 'Finish' : 'Next' }).click();
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => doneOnServer(name)).toBe(true);
  });
}

test('a tour walked with the keyboard ends done, does not come back, and comes back after a reset', async () => {
  const tour = tourOf('projectSettings');
  const total = tour.steps.length;
  await toursNotDone('projectSettings');
  await page.goto(viewOf('projectSettings'));
  await expect(step(tour, 0)).toBeVisible();
  // The arrow keys move between steps; the buttons are reached with Tab and pressed with Enter.
  for (let index = 1; index < total; index += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(step(tour, index)).toContainText(`${index + 1} of ${total}`);
  }
  await page.keyboard.press('ArrowLeft');
  await expect(step(tour, total - 2)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const last = step(tour, total - 1);
  await expect(last).toBeVisible();
  // Tab stays in the dialog while it is open (Skip, Back, Finish) until Finish has the focus.
  const finish = last.getByRole('button', { name: 'Finish' });
  for (let presses = 0; presses < 6; presses += 1) {
    if (await finish.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
    await expect.poll(() => last.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await expect(finish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => doneOnServer('projectSettings')).toBe(true);

  // Marked done: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Project settings' })).toBeVisible();
  await expectNoTour();

  // Reset from the preferences: every tour runs again, this one among them.
  await page.goto('/user/preferences');
  await page.getByRole('button', { name: 'Reset the tours' }).click();
  await expect(page.getByText('The guided tours will be shown again.')).toBeVisible();
  await expect.poll(() => doneOnServer('projectSettings')).toBeUndefined();
  await page.goto(viewOf('projectSettings'));
  await expect(step(tour, 0)).toBeVisible();
  await expect(step(tour, 0)).toContainText(`1 of ${total}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => doneOnServer('projectSettings')).toBe(true);
});

test('Escape stops a tour at any step and marks it done', async () => {
  const tour = tourOf('category');
  await toursNotDone('category');
  await page.goto(viewOf('category'));
  await step(tour, 0).getByRole('button', { name: 'Next' }).click();
  await expect(step(tour, 1)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => doneOnServer('category')).toBe(true);
  // The page is usable again at once: the overlay went with the dialog.
  await page.locator('[data-tour="category-actions"]').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit the category' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoTour();
});

test('in French, the tour speaks French, buttons included', async () => {
  const tour = tourOf('document');
  await apiCall(context, 'PUT', 'user/preferences', {
    preferences: { lang: 'fr', tours: { ...ALL_TOURS_DONE, document: false } },
  });
  try {
    await page.goto(viewOf('document'));
    const first = step(tour, 0, 'fr');
    await expect(first).toBeVisible();
    await expect(first).toHaveAccessibleDescription(text(tour.steps[0].text, 'fr'));
    await expect(first).toContainText(`1 sur ${tour.steps.length}`);
    await expect(first.getByRole('button', { name: 'Passer' })).toBeVisible();
    await first.getByRole('button', { name: 'Suivant' }).click();
    const second = step(tour, 1, 'fr');
    await expect(second.getByRole('button', { name: 'Précédent' })).toBeVisible();
    await snap(page, 'tours-document-fr');
    expect(await dialogViolations()).toEqual([]);
    await second.getByRole('button', { name: 'Passer' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => doneOnServer('document')).toBe(true);
  } finally {
    await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
  }
});
