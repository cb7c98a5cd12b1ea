import { expect, test } from '@playwright/test';
import { snap } from './support/screenshot';
import { seedProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// The document view's export to MS Word (issue 12 §1, in the header's Export menu): a click downloads `<document name>.docx`, a Word package.
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('the export button downloads the document as a .docx named after it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US', acceptDownloads: true });
  const user = newUser('wordsmith', 'Wanda Word');
  await signUpConfirmed(context, user);
  await markToursDone(context);
  const seed = await seedProject(context, stamp);
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const item = page.getByRole('menuitem', { name: 'MS Word (.docx)' });
  await expect(item).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toBe('System Requirements.docx');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
  await context.close();
});

test('the export is busy until its file has come, and a failure says so', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US', acceptDownloads: true });
  const user = newUser('slowword', 'Sol Slow');
  await signUpConfirmed(context, user);
  await markToursDone(context);
  const seed = await seedProject(context, `${stamp}s`);
  const page = await context.newPage();
  await logIn(page, user);
  await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  // The file is built when its link is followed (decisions §6): that call is held here, as a large document holds
  // it, then fails as a server in trouble would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/downloads\//, async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
  });
  const button = page.getByRole('button', { name: 'Export', exact: true });
  const linked = page.waitForResponse(/\/api\/documents\/exportmsword\//);
  await button.click();
  await page.getByRole('menuitem', { name: 'MS Word (.docx)' }).click();
  await linked;
  // Two frames after the link came: what the page does with it has been drawn. The file is still to come.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await snap(page, 'word-export-busy-en');
  release();
  const toast = page.getByRole('alert').filter({ hasText: 'The export failed. Try again in a moment.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Export of “System Requirements”');
  await snap(page, 'word-export-failed-en');
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveAttribute('aria-busy');

  // In French too (the route still fails, at once now).
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await page.reload();
  await page.getByRole('button', { name: 'Exporter', exact: true }).click();
  await page.getByRole('menuitem', { name: 'MS Word (.docx)' }).click();
  const french = page.getByRole('alert').filter({ hasText: 'L’export a échoué. Réessayez dans un instant.' });
  await expect(french).toContainText('Export de « System Requirements »');
  await context.close();
});
