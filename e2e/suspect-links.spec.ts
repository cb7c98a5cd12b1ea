import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// Suspect links (decisions §22, issue 35): a change of a parent turns its up-to-date links suspect; the side bar
// counts them, the view shows the parent's change word by word, and an editor marks them as reviewed. The seed has
// one stale link already (SR_002 → SD_002) and an up-to-date one (SR_I_001 → SD_001).

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const ada = newUser('ada', 'Ada Lovelace');
const RENAMED = 'The screen shall show the speed in knots';

let context: BrowserContext;
let seed: SeededProject;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  await signUpConfirmed(context, ada);
  await markToursDone(context);
  seed = await seedProject(context, stamp);
});

test.afterAll(async () => {
  await context?.close();
});

const sideBar = (page: Page) => page.getByRole('navigation', { name: 'Project' });
const suspectEntry = (page: Page) => sideBar(page).getByRole('link', { name: /^Suspect links/ });
const count = (page: Page) => suspectEntry(page).getByTestId('suspect-count');

test('a parent change turns its link suspect; the view shows the change and marks it as reviewed', async () => {
  const page = await context.newPage();
  await logIn(page, ada);

  await test.step('the side bar counts the seeded stale link', async () => {
    await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
    await expect(count(page)).toHaveText('1');
    await expect(suspectEntry(page)).toHaveAccessibleName('Suspect links: 1');
  });

  await test.step('the edit dialog says what saving will do, and the count follows the save', async () => {
    await page.getByRole('button', { name: 'Edit SR_I_001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the requirement' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(dialog.getByText(/Saving will mark/)).toHaveCount(0);
    await name.fill(RENAMED);
    await expect(dialog.getByText('Saving will mark 1 link as suspect.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(count(page)).toHaveText('2');
  });

  await test.step('the view lists it under its parent, with the parent’s change word by word', async () => {
    await suspectEntry(page).click();
    await expect(page).toHaveURL(new RegExp(`${seed.base}/suspect-links$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Suspect links' })).toBeVisible();
    await expect(page.getByText('2 suspect links')).toBeVisible();
    const group = page.getByRole('region', { name: `SR_I_001 ${RENAMED}` });
    await expect(group).toBeVisible();
    const diff = group.getByLabel('Name', { exact: true }).last();
    await expect(diff.locator('ins')).toHaveText(/added\s+in knots/);
    await expect(group).toContainText('Changed by Ada Lovelace');
    await expect(group.getByRole('link', { name: /SD_001/ })).toBeVisible();
    await snap(page, 'suspect-links-01-en');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('suspect links (en)', violations)).toEqual([]);
  });

  await test.step('marking it as reviewed takes it off the list and the count drops', async () => {
    await page.getByRole('checkbox', { name: 'Select the link from SR_I_001 to SD_001' }).check();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Knots are what the widget shows already.');
    await page.getByRole('button', { name: 'Mark 1 link as reviewed' }).click();
    await expect(page.getByRole('region', { name: `SR_I_001 ${RENAMED}` })).toHaveCount(0);
    await expect(page.getByText('1 suspect link', { exact: true })).toBeVisible();
    await expect(count(page)).toHaveText('1');
    await snap(page, 'suspect-links-02-reviewed');
  });

  await test.step('a stale link of the traceability section opens the same change', async () => {
    await page.goto(`${seed.base}/detailed/requirement/${seed.staleChild}`);
    await page.getByRole('button', { name: /^Show what changed in SR_002/ }).click();
    const dialog = page.getByRole('dialog', { name: 'What changed in the parent' });
    await expect(dialog.locator('ins')).toHaveText(/added\s+within 2 s/);
    await snap(page, 'suspect-links-03-dialog');
    await dialog.getByRole('link', { name: 'Open the suspect links to mark it as reviewed' }).click();
    await expect(page).toHaveURL(new RegExp(`${seed.base}/suspect-links$`));
  });
});
