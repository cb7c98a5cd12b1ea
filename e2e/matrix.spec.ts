import { expect, test, type BrowserContext } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// The traceability matrix (decisions §24, issue 37): the linked pair of the seed (System Requirements → Software
// Design) is offered, its rows show the children, the suspect one (SR_002 → SD_002) opens its review, the filters
// narrow the rows, and the export gives a file.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const ada = newUser('ada', 'Ada Lovelace');

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

test('the matrix shows the linked documents, marks the suspect link, filters and exports', async () => {
  const page = await context.newPage();
  await logIn(page, ada);
  await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Traceability matrix' }).click();
  await expect(page).toHaveURL(new RegExp(`${seed.base}/matrix$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Traceability matrix' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Matrix' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await snap(page, 'matrix-01-en');
  const violations = await seriousViolations(page);
  expect(violations, describeViolations('matrix (en)', violations)).toEqual([]);

  await page.getByRole('button', { name: /^Suspect link from SR_002 to SD_002/ }).click();
  const dialog = page.getByRole('dialog', { name: 'What changed in the parent' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByText('Suspect', { exact: true }).click();
  await expect(table.getByRole('button', { name: /^Suspect link from/ })).toHaveCount(1);

  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Spreadsheet (.xlsx)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detailed\/requirement\/\d+$/);
});
