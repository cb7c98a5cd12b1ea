import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// A document's spreadsheets both ways (decisions §24), as a person does it: Export → Spreadsheet downloads the
// .xlsx, a cell edited in it (read and written here with exceljs, the server's own library), Import → Spreadsheet
// shows the server's dry run (the update's diff, the new row), Apply changes the document. Then a .csv with a row in
// error, in French, and a document changed between the dry run and the apply (409).
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const SPEED = 'The screen shall show the speed';
const KNOTS = 'The screen shall show the speed in knots';
const ALTITUDE = 'The screen shall show the altitude';

let context: BrowserContext;
let page: Page;
let seed: SeededProject;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, locale: 'en-US', acceptDownloads: true });
  const user = newUser('sheets', 'Sheila Sheet');
  await signUpConfirmed(context, user);
  await markToursDone(context);
  seed = await seedProject(context, stamp);
  page = await context.newPage();
  await logIn(page, user);
});
test.afterAll(async () => {
  await context.close();
});

const documentPath = () => `${seed.base}/detailed/document/${seed.parentDocument}`;
const requirementsTable = () => page.getByRole('table', { name: /^Requirements of / });

/** Exports the document from its Export menu and answers the downloaded file's path. */
async function exportAs(item: string): Promise<{ name: string; path: string }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return { name: download.suggestedFilename(), path: await download.path() };
}

/** Opens the document's Import → Spreadsheet, picks the file and runs the dry run; answers the dialog. */
async function dryRun(file: string, dialogName: RegExp): Promise<Locator> {
  await page.getByRole('button', { name: 'Import into this document' }).click();
  await page.getByRole('menuitem', { name: 'Spreadsheet (.xlsx, .csv)' }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'File to import' }).click(),
  ]);
  await chooser.setFiles(file);
  await dialog.getByRole('button', { name: 'Preview the changes' }).click();
  return dialog;
}

/** The 1-based column of a header in the first row (the export's columns are `id`, `reference`, `name`…). */
function columnOf(sheet: ExcelJS.Worksheet, header: string): number {
  let found = 0;
  sheet.getRow(1).eachCell((cell, column) => {
    if (String(cell.text).trim().toLowerCase() === header) found = column;
  });
  expect(found, `the sheet has a column "${header}"`).toBeGreaterThan(0);
  return found;
}

test('a document exported as .xlsx, edited, and imported back through the dry run', async () => {
  await page.goto(documentPath());
  const exported = await exportAs('Spreadsheet (.xlsx)');
  expect(exported.name).toBe('System Requirements.xlsx');

  // Read back as a spreadsheet program would, one row per requirement in reading order.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported.path);
  const sheet = workbook.worksheets[0]!;
  const id = columnOf(sheet, 'id');
  const name = columnOf(sheet, 'name');
  const names: string[] = [];
  let speedRow = 0;
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    names.push(row.getCell(name).text);
    if (row.getCell(name).text === SPEED) speedRow = number;
  });
  expect(names).toEqual(expect.arrayContaining([SPEED, 'The system shall stop safely within 2 s']));
  expect(Number(sheet.getRow(speedRow).getCell(id).text)).toBe(seed.requirement);

  // One cell edited, one requirement added without an id.
  sheet.getRow(speedRow).getCell(name).value = KNOTS;
  const added = sheet.addRow([]);
  added.getCell(name).value = ALTITUDE;
  const edited = test.info().outputPath('edited.xlsx');
  await workbook.xlsx.writeFile(edited);

  const dialog = await dryRun(edited, /^Import a spreadsheet into “System Requirements”/);
  const table = dialog.getByRole('table', { name: 'Dry run of “edited.xlsx”' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const update = table.locator(`[data-row="${speedRow}"]`);
  await expect(update).toHaveAttribute('data-action', 'update');
  // The diff of the name: the words added, underlined and said.
  await expect(update.locator('ins')).toContainText('in knots');
  await expect(update.getByRole('checkbox', { name: `Row ${speedRow}: Update` })).toBeChecked();
  const create = table.locator(`[data-row="${added.number}"]`);
  await expect(create).toHaveAttribute('data-action', 'create');
  await expect(create).toContainText(ALTITUDE);
  // The other rows did not change: nothing to apply there.
  await expect(table.locator('[data-action="unchanged"]').first().getByRole('checkbox')).toBeDisabled();
  await expect(dialog.getByText('Nothing has changed yet.')).toBeVisible();
  await snap(page, 'spreadsheets-01-dry-run-en');
  const violations = await seriousViolations(page);
  expect(violations, describeViolations('the dry-run table', violations)).toEqual([]);

  // Keyboard: leave the new row out and take it back with the space bar.
  await create.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Apply 1 row', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Spreadsheet applied: 1 created, 1 updated.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(requirementsTable()).toContainText(KNOTS);
  await expect(requirementsTable()).toContainText(ALTITUDE);
  // The server has it too.
  await page.reload();
  await expect(requirementsTable()).toContainText(KNOTS);
});

test('a .csv with a row in error: the error by column, no box to tick, in French', async () => {
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await page.goto(documentPath());
  await page.getByRole('button', { name: 'Exporter', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Tableur (.csv)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('System Requirements.csv');
  const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toMatch(/^id[,;]reference[,;]category[,;]name[,;]description[,;]status/);
  expect(csv).toContain(KNOTS);

  // A sheet as a person types it: a new requirement with a status the tool does not know, and a good one.
  const sheet = test.info().outputPath('statuses.csv');
  await fs.writeFile(
    sheet,
    [
      'id,reference,category,name,description,status',
      ',,,Cabin light,The cabin light dims.,Maybe',
      ',,,Fuel gauge,,0',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Importer dans ce document' }).click();
  await page.getByRole('menuitem', { name: 'Tableur (.xlsx, .csv)' }).click();
  const dialog = page.getByRole('dialog', { name: /^Importer un tableur dans/ });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'Fichier à importer' }).click(),
  ]);
  await chooser.setFiles(sheet);
  await dialog.getByRole('button', { name: 'Voir les changements' }).click();
  const table = dialog.getByRole('table', { name: 'Essai à blanc de « statuses.csv »' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const error = table.locator('[data-row="2"]');
  await expect(error).toHaveAttribute('data-action', 'error');
  await expect(error).toContainText('Statut :');
  await expect(error).toContainText('« Maybe » n’est pas un statut.');
  await expect(error.getByRole('checkbox')).toBeDisabled();
  await expect(error.getByRole('checkbox')).not.toBeChecked();
  await expect(table.locator('[data-row="3"]')).toHaveAttribute('data-action', 'create');
  await expect(dialog.getByRole('button', { name: 'Appliquer 1 ligne' })).toBeEnabled();
  await snap(page, 'spreadsheets-02-dry-run-error-fr');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  // Closing drops the dry run: it asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table', { name: /^Exigences de / })).not.toContainText('Fuel gauge');
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
});

test('the document changed between the dry run and the apply: 409, and the dry run again', async () => {
  await page.goto(documentPath());
  const exported = await exportAs('Spreadsheet (.xlsx)');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported.path);
  const sheet = workbook.worksheets[0]!;
  const name = columnOf(sheet, 'name');
  sheet.eachRow((row, number) => {
    if (number > 1 && row.getCell(name).text === ALTITUDE) row.getCell(name).value = `${ALTITUDE} in feet`;
  });
  const edited = test.info().outputPath('feet.xlsx');
  await workbook.xlsx.writeFile(edited);

  const dialog = await dryRun(edited, /^Import a spreadsheet into/);
  await expect(dialog.getByRole('button', { name: 'Apply 1 row', exact: true })).toBeEnabled({ timeout: 30_000 });
  // Someone edits the document meanwhile.
  await apiCall(context, 'PUT', `requirements/${seed.requirement}`, { name: `${KNOTS} and km/h` });
  await dialog.getByRole('button', { name: 'Apply 1 row', exact: true }).click();
  const stale = dialog.getByRole('alert').filter({ hasText: 'The document has changed since this dry run' });
  await expect(stale).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply 1 row', exact: true })).toBeDisabled();
  await snap(page, 'spreadsheets-03-conflict-en');
  await stale.getByRole('button', { name: 'Run the dry run again' }).click();
  await expect(stale).toHaveCount(0);
  // The sheet still says "in knots": compared again, that row now changes the name back.
  await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Spreadsheet applied: 0 created, 2 updated.' })).toBeVisible();
  await expect(requirementsTable()).toContainText(`${ALTITUDE} in feet`);
});

test('a new document from another tool’s sheet: the dry run, a row left out, then Apply', async () => {
  await page.goto(documentPath());
  const sheet = test.info().outputPath('supplier.csv');
  await fs.writeFile(
    sheet,
    [
      'ID,Heading,Text,Status,Priority,Parent',
      'SUP-1,Cruise control,The car shall hold its speed.,Validated,High,',
      'SUP-2,Resume,The driver shall resume the set speed.,Draft,Low,SUP-1',
      'SUP-3,Odd,,Nearly done,,',
      'SUP-4,Left out,Not wanted.,,,',
    ].join('\n'),
  );
  await page
    .getByRole('navigation', { name: 'Project structure' })
    .getByRole('button', { name: 'Import a document' })
    .click();
  await page.getByRole('menuitem', { name: 'Import a spreadsheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New document from a spreadsheet' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'File to import' }).click(),
  ]);
  await chooser.setFiles(sheet);
  await dialog.getByRole('button', { name: 'Preview the changes' }).click();
  const table = dialog.getByRole('table', { name: 'Dry run of “supplier.csv”' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('The new document will be named “supplier”');
  await expect(table.locator('[data-row="2"]')).toHaveAttribute('data-action', 'create');
  await expect(table.locator('[data-row="3"]')).toContainText('SUP-1');
  const error = table.locator('[data-row="4"]');
  await expect(error).toHaveAttribute('data-action', 'error');
  await expect(error).toContainText('Status');
  await expect(error.getByRole('checkbox')).toBeDisabled();
  // Nothing made yet.
  await expect(page.getByRole('navigation', { name: 'Project structure' })).not.toContainText('supplier');
  await table.locator('[data-row="5"]').getByRole('checkbox').click();
  await snap(page, 'spreadsheets-04-new-document-dry-run-en');
  await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Spreadsheet applied: 2 created, 0 updated.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Project structure' })).toContainText('supplier');
  await expect(requirementsTable()).toContainText('Cruise control');
  await expect(requirementsTable()).toContainText('Resume');
  await expect(requirementsTable()).not.toContainText('Left out');
});
