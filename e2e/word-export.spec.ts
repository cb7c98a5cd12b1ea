import { expect, test } from '@playwright/test';
import { seedProject } from './support/seed';
import { logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

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
