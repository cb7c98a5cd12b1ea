import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Document import and ReqIF export (decisions §14) as a person does them: the side bar's and the overview's import
// entries (MS Word for alpha users only), the dialog's report, the new documents opened, a broken file refused with
// nothing created, and the ReqIF export downloaded. The files are the shared real-world fixtures, read where they
// are: never copied into the project.
test.describe.configure({ mode: 'serial' });

const repoRoot = path.resolve(import.meta.dirname, '..');
const fixtures = path.resolve(repoRoot, '../shared/fixtures');
const reqifFixture = path.join(fixtures, 'reqif/fmstudio_traceability_template.reqif');
const docxFixture = path.join(fixtures, 'docx/nasa_hs_requirements_trace_table.docx');
test.skip(
  !fs.existsSync(reqifFixture) || !fs.existsSync(docxFixture),
  `The shared fixtures are not at ${fixtures}: the import suite needs them (they are never copied into the project).`,
);

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let ada: TestUser;
let bob: TestUser;
let a: Page;
let b: Page;
let importedDocument = '';

const member = (browser: Browser, baseURL: string | undefined, user: TestUser, alpha = false) =>
  memberPage(browser, user, { contexts, alpha, context: { baseURL, locale: 'en-US', acceptDownloads: true } });

/** The project's documents as the server has them. */
async function documentNames(page: Page): Promise<string[]> {
  const response = page.context().request.get(`/api/projects/structure/${seed.project.id}`);
  return (await data<{ name: string }[]>(response)).map((d) => d.name);
}

const sideBar = (page: Page) => page.getByRole('navigation', { name: 'Project structure' });
const importDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const count = (dialog: Locator, what: string) => dialog.locator(`[data-count="${what}"]`);

/** No serious or critical axe violation on the page as it stands (WCAG 2.2 AA, as e2e/accessibility.spec.ts). */
async function expectAccessible(page: Page, view: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(view, violations)).toEqual([]);
}

/** Picks a file as a person does: the field opens the browser's file chooser. */
async function chooseFile(page: Page, dialog: Locator, file: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'File to import' }).click(),
  ]);
  await chooser.setFiles(file);
}

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada, true);
  seed = await seedProject(a.context(), stamp, { parentDocument: 'Flight Rules', childDocument: 'Display Design' });
  b = await member(browser, baseURL, bob);
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a member without the alpha flag imports a ReqIF file from the side bar, but no MS Word file', async () => {
  await b.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await sideBar(b).getByRole('button', { name: 'Import a document' }).click();
  await expect(b.getByRole('menuitem', { name: 'Import ReqIF' })).toBeVisible();
  await expect(b.getByRole('menuitem', { name: 'Import MS Word' })).toHaveCount(0);
  await snap(b, 'import-01-sidebar-menu-en');
  await b.getByRole('menuitem', { name: 'Import ReqIF' }).click();

  const dialog = importDialog(b, 'Import a ReqIF file');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await chooseFile(b, dialog, reqifFixture);
  await expect(dialog.getByRole('button', { name: 'File to import' })).toContainText(
    'fmstudio_traceability_template.reqif',
  );
  await snap(b, 'import-02-dialog-file-en');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // The report: two specifications made two documents, their relations nine links.
  await expect(dialog.getByText('The file has been imported.')).toBeVisible({ timeout: 30_000 });
  await expect(count(dialog, 'documents')).toHaveText(/^2\s*documents$/);
  await expect(count(dialog, 'links')).toHaveText(/^9\s*links$/);
  await expect(count(dialog, 'categories')).toHaveText(/^5\s*categories$/);
  await expect(count(dialog, 'requirements')).toHaveText(/^16\s*requirements$/);
  await expect(dialog.getByRole('heading', { name: 'Not imported' })).toBeVisible();
  await snap(b, 'import-03-report-en');
  await expectAccessible(b, 'the import report');
  // The side bar already shows the new documents.
  await expect(sideBar(b).getByRole('link', { name: 'Requirements Document' })).toBeVisible();

  const open = dialog.getByRole('button', { name: /^Open “/ });
  importedDocument = ((await open.textContent()) ?? '').replace(/^Open “|”$/g, '');
  expect(importedDocument).toBe('Requirements Document');
  await open.click();
  await expect(dialog).toHaveCount(0);
  await expect(b).toHaveURL(/\/detailed\/document\/\d+$/);
  await expect(b.getByRole('heading', { level: 1, name: importedDocument })).toBeVisible();
  // Its headings became categories, its other objects requirements.
  const categories = b.getByRole('list', { name: 'Categories' });
  await expect(categories).toContainText('Stakeholder Requirements');
  await expect(categories).toContainText('Traceability Basics');
  await expect(categories).toContainText('Change Management');
  const requirements = b.getByRole('table', { name: /^Requirements of / });
  await expect(requirements).toContainText('Download this template and more at reqif.academy');
  await expect(b.getByText('10 requirements').first()).toBeVisible();
  await snap(b, 'import-04-imported-document-en');
  expect(await documentNames(b)).toEqual(expect.arrayContaining(['Flight Rules', 'Requirements Document']));
});

test('the other member sees the imported documents without reloading', async () => {
  await a.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  await expect(sideBar(a).getByRole('link', { name: 'Requirements Document' })).toBeVisible();
});

test('a broken file is refused under the field, and nothing is created', async () => {
  const before = await documentNames(b);
  const broken = test.info().outputPath('notes.reqif');
  fs.writeFileSync(broken, 'These are meeting notes, not a ReqIF file.\n');
  await sideBar(b).getByRole('button', { name: 'Import a document' }).click();
  await b.getByRole('menuitem', { name: 'Import ReqIF' }).click();
  const dialog = importDialog(b, 'Import a ReqIF file');
  await chooseFile(b, dialog, broken);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const field = dialog.getByRole('button', { name: 'File to import' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The server's reason, read with the field.
  await expect(field).toHaveAccessibleDescription(/ReqIF file/);
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await snap(b, 'import-05-broken-file-en');
  await expectAccessible(b, 'the import dialog with a refused file');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await documentNames(b)).toEqual(before);
});

test('the Export menu downloads the document as <name>.reqif', async () => {
  await b.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(b.getByRole('menuitem', { name: 'MS Word (.docx)' })).toBeVisible();
  await snap(b, 'import-06-export-menu-en');
  const item = b.getByRole('menuitem', { name: 'ReqIF (.reqif, .reqifz)' });
  const [download] = await Promise.all([b.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toBe(`${importedDocument}.reqif`);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text).toMatch(/^<\?xml/);
  expect(text).toContain('REQ-IF');
  expect(text).toContain(importedDocument);
});

test('an alpha user imports an MS Word file from the overview: 60 requirements from its table', async () => {
  await a.goto(seed.base);
  await a.getByRole('button', { name: 'Other ways to add a document' }).click();
  await expect(a.getByRole('menuitem', { name: 'Import ReqIF' })).toBeVisible();
  await a.getByRole('menuitem', { name: 'Import MS Word' }).click();
  const dialog = importDialog(a, 'Import an MS Word file');
  await chooseFile(a, dialog, docxFixture);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('The file has been imported.')).toBeVisible({ timeout: 30_000 });
  await expect(count(dialog, 'documents')).toHaveText(/^1\s*document$/);
  await expect(count(dialog, 'requirements')).toHaveText(/^60\s*requirements$/);
  await snap(a, 'import-07-word-report-en');
  await dialog.getByRole('button', { name: /^Open “/ }).click();
  await expect(a).toHaveURL(/\/detailed\/document\/\d+$/);
  await expect(a.getByText('60 requirements').first()).toBeVisible();
});
