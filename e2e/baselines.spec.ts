import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Download, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// The Baselines view (decisions §22): Ada (maintainer) takes a baseline, changes a requirement, opens the baseline
// (the old text, read-only under its banner), compares it with now (the change as a word diff, the counts), and
// deletes it. Both Word files are downloaded: the document as kept, and the comparison as tracked changes.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const ada = newUser('ada', 'Ada Lovelace');
const OLD_NAME = 'The screen shall show the speed';
const NEW_NAME = 'The screen shall show the ground speed';
const BASELINE = 'March review';

let context: BrowserContext;
let seed: SeededProject;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris', acceptDownloads: true });
  await signUpConfirmed(context, ada);
  await markToursDone(context);
  seed = await seedProject(context, stamp, { requirement: OLD_NAME });
});

test.afterAll(async () => {
  await context?.close();
});

/** A downloaded file is a .docx (a zip); its body's XML. */
async function docxBody(download: Download): Promise<string> {
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  return strFromU8(unzipSync(new Uint8Array(bytes))['word/document.xml']!);
}

const baselinesTable = (page: Page) => page.getByRole('table', { name: 'Baselines of the project' });

test('take a baseline, change a requirement, open the baseline read-only, compare with now, delete it', async () => {
  const page = await context.newPage();
  await logIn(page, ada);
  await page.goto(seed.base);

  await test.step('the Baselines view is in the project navigation; a baseline is taken from it', async () => {
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Baselines' }).click();
    await expect(page).toHaveURL(new RegExp(`${seed.base}/baselines$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Baselines' })).toBeVisible();
    await page.getByRole('button', { name: 'New baseline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New baseline' });
    await dialog.getByLabel('Name').fill(BASELINE);
    await dialog.getByLabel('Description').fill('Before the design review');
    // Every document is kept unless unticked.
    await expect(dialog.getByRole('checkbox')).toHaveCount(2);
    for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await snap(page, 'baselines-01-create');
    await dialog.getByRole('button', { name: 'Take the baseline' }).click();
    await expect(page).toHaveURL(new RegExp(`${seed.base}/baselines/\\d+$`));
    await expect(page.getByTestId('baseline-banner')).toContainText(`Baseline “${BASELINE}”`);
  });

  await test.step('a second baseline of the same name is refused on the name field', async () => {
    await page.goto(`${seed.base}/baselines`);
    await page.getByRole('button', { name: 'New baseline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New baseline' });
    await dialog.getByLabel('Name').fill(BASELINE.toUpperCase());
    await dialog.getByRole('button', { name: 'Take the baseline' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('the requirement is renamed in the live document', async () => {
    await apiCall(context, 'PUT', `requirements/${seed.requirement}`, { name: NEW_NAME });
  });

  await test.step('the baseline shows the old text, read-only, under its banner', async () => {
    await page.goto(`${seed.base}/baselines`);
    await expect(baselinesTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(baselinesTable(page)).toContainText('Before the design review');
    await snap(page, 'baselines-02-list');
    await baselinesTable(page).getByRole('link', { name: BASELINE, exact: true }).click();
    const banner = page.getByTestId('baseline-banner');
    await expect(banner).toContainText(
      new RegExp(`Baseline “${BASELINE}”, taken .+ 20\\d\\d by ${ada.name}: read-only`),
    );
    const table = page.getByRole('table', { name: /^Requirements of System Requirements in the baseline/ });
    await expect(table).toContainText(OLD_NAME);
    await expect(table).not.toContainText(NEW_NAME);
    // Nothing to change here: no edit, copy or delete, no link out of the baseline.
    await expect(table.getByRole('button', { name: /^(Edit|Copy|Delete) / })).toHaveCount(0);
    await expect(table.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add requirement|^New requirement/ })).toHaveCount(0);
    await snap(page, 'baselines-03-open');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('baseline open', violations)).toEqual([]);
    const [kept] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Export to Word: System Requirements as kept$/ }).click(),
    ]);
    const keptXml = await docxBody(kept);
    expect(keptXml).toContain(OLD_NAME);
    expect(keptXml).not.toContain(NEW_NAME);
    await expect(banner.getByRole('link', { name: 'Back to the live document' })).toHaveAttribute(
      'href',
      `${seed.base}/detailed/document/${seed.parentDocument}`,
    );
  });

  await test.step('compared with now, the rename shows as a word diff, and the counts are right', async () => {
    await page.getByTestId('baseline-banner').getByRole('link', { name: 'Compare with now' }).click();
    await expect(page).toHaveURL(/\/baselines\/compare\?from=\d+/);
    const counts = page.getByRole('list', { name: 'Counts' });
    await expect(counts.getByRole('listitem')).toHaveText([
      '0requirements added',
      '0requirements removed',
      '1requirement changed',
    ]);
    const changed = page.getByRole('article');
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText(NEW_NAME);
    await expect(changed.locator('ins')).toHaveText(/^added ground\s*$/);
    await snap(page, 'baselines-04-compare');
    const [redline] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export redline (Word)' }).click(),
    ]);
    // The rename as Word's own tracked change: the added word inserted, by Ada, who made it.
    const redlineXml = await docxBody(redline);
    expect(redlineXml).toMatch(/<w:ins [^>]*w:author="Ada Lovelace"[^>]*>(?:(?!<\/w:ins>)[\s\S])*ground/);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('baseline compare', violations)).toEqual([]);
  });

  await test.step('the comparison in French', async () => {
    const address = page.url();
    await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
    try {
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1, name: 'Comparer des lignes de base' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Décomptes' })).toContainText('1exigence modifiée');
      await expect(page.getByRole('article').locator('ins')).toHaveText(/^ajouté ground\s*$/);
      await snap(page, 'baselines-05-compare-fr');
    } finally {
      await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });

  await test.step('a maintainer deletes the baseline, once confirmed', async () => {
    await page.goto(`${seed.base}/baselines`);
    await page.getByRole('button', { name: `Delete the baseline ${BASELINE}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No baseline yet')).toBeVisible();
  });
  await page.close();
});
