import { expect, test, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

// Issue 31: a team added a requirement from the document view, left its Category at "No category" where the dialog
// started, and the Word file silently went without it. New requirements and children now start in a category, and
// the Export menu says beforehand how many requirements the Word file will leave out, and why.
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const categoryField = (page: Page, dialog: string | RegExp) =>
  page.getByRole('dialog', { name: dialog }).getByLabel('Category', { exact: true });

/** The Export menu closes by its button again (it does not hold the focus for Escape). */
async function closeMenu(page: Page) {
  await page.getByRole('button', { name: /^(Export|Exporter)$/ }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

test('new requirements and children start in a category, and the Export menu names what Word leaves out', async ({
  browser,
  baseURL,
}) => {
  // Three views, two dialogs and both languages in one run, on one seeded project.
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const user = newUser('chaptered', 'Chloe Chapter');
  await signUpConfirmed(context, user);
  await markToursDone(context);
  // The parent document: its category "Interface" holds the speed requirement, one requirement has no category.
  const seed = await seedProject(context, stamp);
  // The child document has two categories; the one named like the parent's comes second.
  const categories = new Map<string, number>();
  for (const [name, acronym] of [
    ['Display', 'DS'],
    ['Interface', 'IF'],
  ] as const) {
    const made = await data<{ id: number }>(
      apiCall(context, 'POST', 'categories', {
        document_id: seed.childDocument,
        parent_id: null,
        name,
        acronym,
        description: '',
      }),
    );
    categories.set(name, made.id);
  }
  const page = await context.newPage();
  await logIn(page, user);

  await test.step('the Export menu says how many requirements the Word file leaves out', async () => {
    await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const warning = '1 requirement has no category: it will be left out of the Word file.';
    await expect(page.getByRole('menu').getByText(warning)).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'MS Word (.docx)' })).toHaveAccessibleDescription(warning);
    await snap(page, 'default-category-export-menu-en');
    await closeMenu(page);
  });

  await test.step('"Add a requirement" in the document view starts in its first category', async () => {
    await page.getByRole('button', { name: 'Add a requirement', exact: true }).click();
    await expect(categoryField(page, 'New requirement')).toHaveValue(/Interface$/);
    await page.getByRole('dialog', { name: 'New requirement' }).getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('"Add a requirement" in a category view starts in that category', async () => {
    await page.goto(`${seed.base}/detailed/category/${seed.category}`);
    await page.getByRole('button', { name: 'Add a requirement', exact: true }).click();
    await expect(categoryField(page, 'New requirement')).toHaveValue(/Interface$/);
    await snap(page, 'default-category-add-requirement-en');
    await page.getByRole('dialog', { name: 'New requirement' }).getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('"Create children" rows start in the child document\'s category named like the parent\'s', async () => {
    await page.goto(`${seed.base}/detailed/requirement/${seed.requirement}`);
    await page.getByRole('button', { name: 'Create children' }).click();
    const dialog = page.getByRole('dialog', { name: /^Create children of / });
    await expect(dialog.getByLabel('Category', { exact: true })).toHaveValue(/Interface$/);
    await dialog.getByRole('button', { name: 'Add a row' }).click();
    await expect(dialog.getByLabel('Category', { exact: true }).nth(1)).toHaveValue(/Interface$/);
    // "No category" stays a choice.
    await dialog.getByLabel('Category', { exact: true }).first().click();
    await page.getByRole('option', { name: 'No category' }).click();
    await expect(dialog.getByLabel('Category', { exact: true }).first()).toHaveValue('No category');
    await dialog.getByRole('textbox', { name: 'Name' }).first().fill('The widget shows the speed');
    await dialog.getByRole('textbox', { name: 'Name' }).nth(1).fill('The widget shows the unit');
    await dialog.getByRole('button', { name: 'Create children' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Children' }).getByRole('listitem')).toHaveCount(3);
    // One made in the category it started in, one at "No category" chosen on purpose.
    const made = await data<{ name: string; category_id: number | null }[]>(
      context.request.get(`/api/documents/requirements/${seed.childDocument}`),
    );
    const childInterface = categories.get('Interface');
    expect(made.find((r) => r.name === 'The widget shows the unit')?.category_id).toBe(childInterface);
    expect(made.find((r) => r.name === 'The widget shows the speed')?.category_id).toBeNull();
  });

  await test.step('in French', async () => {
    await apiCall(context, 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
    await page.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    await expect(page.getByRole('menu')).toContainText(
      '1 exigence n’a pas de catégorie : elle sera laissée hors du fichier Word.',
    );
    await snap(page, 'default-category-export-menu-fr');
    await closeMenu(page);
    await page.goto(`${seed.base}/detailed/category/${seed.category}`);
    await page.getByRole('button', { name: 'Ajouter une exigence', exact: true }).click();
    await expect(page.getByRole('dialog').getByLabel('Catégorie', { exact: true })).toHaveValue(/Interface$/);
    await snap(page, 'default-category-add-requirement-fr');
  });
  await context.close();
});
