import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser } from './support/users';

// What a new team hit (issue 31) as a person meets it, in English and French: the stepper names a draft, a step that
// cannot be clicked says why on hover and on focus, a draft's Status cell says Draft, a stale link says what made it
// stale and how to clear it. Pictures go to e2e/.tmp/screenshots for a person to look at.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  page = await memberPage(browser, newUser('eve', 'Eve Draft'), { contexts, context: { baseURL, locale: 'en-US' } });
  seed = await seedProject(page.context(), stamp);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

const shot = (name: string) => snap(page, name);

const TEXT = {
  en: {
    current: 'Status: Draft',
    reviewed: 'Reviewed',
    reason: 'Statuses go one step at a time: mark it Written first.',
    draft: 'Draft',
    stale: 'Out of date',
    clear: /save a change to the child/,
  },
  fr: {
    current: 'Statut : Brouillon',
    reviewed: 'Relue',
    reason: 'Le statut avance d’une étape à la fois : marquez-la d’abord Rédigée.',
    draft: 'Brouillon',
    stale: 'Obsolète',
    clear: /enregistrez une modification de l’enfant/,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`the stepper, a draft's Status cell and a stale link explain themselves (${lang})`, async () => {
    const text = TEXT[lang];
    await apiCall(page.context(), 'PUT', 'user/preferences', { preferences: { lang } });

    await page.goto(`${seed.base}/detailed/requirement/${seed.requirement}`);
    await expect(page.getByText(text.current, { exact: true })).toBeVisible();
    const reviewed = page.getByRole('button', { name: text.reviewed, exact: true });
    await expect(reviewed).toHaveAttribute('aria-disabled', 'true');
    await expect(reviewed).toHaveAccessibleDescription(text.reason);
    await reviewed.focus();
    await expect(page.getByRole('tooltip')).toHaveText(text.reason);
    await shot(`issue31-stepper-draft-${lang}`);
    // A click on it changes nothing (forced: Playwright waits for an aria-disabled button to be enabled).
    await reviewed.click({ force: true });
    await expect(page.getByText(text.current, { exact: true })).toBeVisible();

    await page.goto(`${seed.base}/detailed/document/${seed.childDocument}`);
    // The title is what shows on hover; the hidden text is what a screen reader reads.
    const cell = page.locator('[data-status-cell]').first();
    await expect(cell).toHaveAttribute('title', text.draft);
    await expect(cell).toHaveText(text.draft);
    await shot(`issue31-draft-cell-${lang}`);

    await page.goto(`${seed.base}/detailed/requirement/${seed.staleChild}`);
    const mark = page.locator('[data-link-mark]', { hasText: text.stale });
    await expect(mark).toHaveAccessibleDescription(text.clear);
    await mark.hover();
    await expect(page.getByRole('tooltip')).toContainText(text.clear);
    await shot(`issue31-stale-link-${lang}`);
  });
}
