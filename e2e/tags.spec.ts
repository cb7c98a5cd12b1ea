import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Classifiers and tags (issue 11 §1, spec 2 "Tags and classifiers panel", decisions §12): a classifier made with its
// tags in the panel, requirements tagged with the picker (a single-select classifier holds one tag), a column per
// classifier in the table and the category's list, the table's filter on tag titles, and what one member changes
// seen live by another. The steps build on each other.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const LONG = 'Safety integrity level according to the functional safety assessment of the whole cockpit display';
let ada: TestUser;
let bob: TestUser;
let seed: SeededProject;
let a: Page;
let b: Page;
const contexts: BrowserContext[] = [];

interface Tag {
  id: number;
  classifier_id: number;
  title: string;
  color: string;
}

const member = (browser: Browser, baseURL: string | undefined, user: TestUser) =>
  memberPage(browser, user, { contexts, context: { baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' } });

const documentPath = () => `${seed.base}/detailed/document/${seed.parentDocument}`;
const panel = (page: Page) => page.getByRole('tabpanel');
const card = (page: Page, name: string, kind = 'Classifier') =>
  panel(page).getByRole('region', { name: `${kind} ${name}` });
/** The document's requirements table (the view has one), in either language. */
const table = (page: Page) => page.getByRole('table', { name: /^(Requirements of|Exigences de) System Requirements$/ });
const picker = (page: Page, classifier: string, reference: string) =>
  page.getByRole('button', { name: new RegExp(`^${classifier} tags of ${reference}: `) });
const option = (page: Page, title: string) => page.getByRole('option', { name: title, exact: true });

async function tagsOf(page: Page, id: number): Promise<string[]> {
  const requirement = await data<{ tags: Tag[] }>(page.context().request.get(`/api/requirements/${id}`));
  return requirement.tags.map((tag) => tag.title);
}

async function requirementIds(page: Page): Promise<{ speed: number; stop: number }> {
  const list = await data<{ id: number; reference: string }[]>(
    page.context().request.get(`/api/documents/requirements/${seed.parentDocument}`),
  );
  return { speed: seed.requirement, stop: list.find((r) => r.reference === 'SR_002')!.id };
}

/** Closes the toasts shown: they sit over the bottom of the side panel, and axe would look at them mid-fade. */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  // One at a time: the others slide into its place.
  await expect(async () => {
    if ((await toasts.count()) > 0) {
      await toasts
        .first()
        .getByRole('button', { name: /^(Close|Fermer)$/ })
        .click({ timeout: 1000 });
    }
    expect(await toasts.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
}

async function axe(page: Page, view: string): Promise<void> {
  await closeToasts(page);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(view, violations)).toEqual([]);
}

/** A click in the view's margin: outside every picker and panel, on nothing that does anything. */
async function clickOutside(page: Page): Promise<void> {
  const main = (await page.locator('main').boundingBox())!;
  await page.mouse.click(main.x + 4, main.y + 120);
}

async function openTagsPanel(page: Page, label = 'Tags'): Promise<void> {
  const tab = page.getByRole('tab', { name: label });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(panel(page)).toBeVisible();
}

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada);
  seed = await seedProject(a.context(), stamp);
  b = await member(browser, baseURL, bob);
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('a classifier is made in the panel with its tags, their colours and single-select', async () => {
  await a.goto(documentPath());
  await expect(table(a)).toBeVisible();
  await openTagsPanel(a);
  await expect(panel(a).getByText('No classifiers yet')).toBeVisible();
  await expect(panel(a).getByText('Classifiers of the document “System Requirements”')).toBeVisible();

  await panel(a).getByRole('button', { name: 'New classifier' }).click();
  const dialog = a.getByRole('dialog', { name: 'New classifier' });
  await expect(dialog.getByRole('button', { name: 'Create the classifier' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Priority');
  const several = dialog.getByRole('switch', { name: 'Several tags per requirement' });
  await expect(several).toBeChecked();
  await several.click({ force: true });
  await expect(several).not.toBeChecked();
  // Enter goes on to a new row, with a colour of its own.
  await dialog.getByRole('textbox', { name: 'Title of tag 1' }).fill('High');
  await a.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Title of tag 2' })).toBeFocused();
  await a.keyboard.type('Medium');
  await a.keyboard.press('Enter');
  await a.keyboard.type('Low');
  // The palette: nine colours in rows of three, named.
  await dialog.getByRole('button', { name: /^Colour of High: / }).click();
  const palette = a.getByRole('radiogroup', { name: 'Colour of High' });
  const names = await palette
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
  expect(names).toEqual(['Red', 'Orange', 'Yellow', 'Green', 'Teal', 'Blue', 'Indigo', 'Purple', 'Pink']);
  const boxes = await palette
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((r) => Math.round(r.getBoundingClientRect().top)));
  expect(new Set(boxes).size).toBe(3);
  await snap(a, 'tags-dialog-palette-en');
  await palette.getByRole('radio', { name: 'Red' }).click();
  await expect(dialog.getByRole('button', { name: 'Colour of High: Red' })).toBeVisible();
  // A second row of the same title is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Add a tag' }).click();
  await dialog.getByRole('textbox', { name: 'Title of tag 4' }).fill('low');
  await dialog.getByRole('button', { name: 'Create the classifier' }).click();
  await expect(dialog.getByText('This classifier already has a tag with this title.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove tag 4' }).click();
  await dialog.getByRole('button', { name: 'Create the classifier' }).click();
  await expect(dialog).toHaveCount(0);

  const priority = card(a, 'Priority');
  await expect(priority.getByRole('list', { name: 'Tags of Priority' }).getByRole('listitem')).toHaveCount(3);
  await expect(priority.getByRole('switch', { name: 'Several tags per requirement' })).not.toBeChecked();
  await expect(priority.getByRole('button', { name: 'Colour of High: Red' })).toBeVisible();
  const [saved] = await data<{ name: string; multiselect: boolean; tags: Tag[] }[]>(
    a.context().request.get(`/api/documents/classifiers/${seed.parentDocument}`),
  );
  expect(saved).toMatchObject({ name: 'Priority', multiselect: false });
  expect(saved!.tags.map((t) => t.title)).toEqual(['High', 'Medium', 'Low']);
  expect(saved!.tags[0]!.color).toBe('rgba(239, 68, 68, 0.3)');

  // A second one, several tags per requirement (the default), made with one tag; more are added in the panel.
  await panel(a).getByRole('button', { name: 'New classifier' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Component');
  await dialog.getByRole('textbox', { name: 'Title of tag 1' }).fill('Display');
  await dialog.getByRole('button', { name: 'Create the classifier' }).click();
  await expect(dialog).toHaveCount(0);
  const component = card(a, 'Component');
  await component.getByRole('textbox', { name: 'New tag in Component' }).fill('Sensors');
  await a.keyboard.press('Enter');
  await expect(component.getByRole('textbox', { name: 'Title of the tag Sensors' })).toBeVisible();
  await component.getByRole('textbox', { name: 'New tag in Component' }).fill('sensors');
  await a.keyboard.press('Enter');
  await expect(component.getByText('This classifier already has a tag with this title.')).toBeVisible();
  await component.getByRole('textbox', { name: 'New tag in Component' }).fill('Power');
  await component.getByRole('button', { name: 'Add the tag to Component' }).click();
  await expect(component.getByRole('list', { name: 'Tags of Component' }).getByRole('listitem')).toHaveCount(3);

  // A third, with a long name and a long tag: they wrap in the panel.
  await panel(a).getByRole('button', { name: 'New classifier' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(LONG);
  await dialog
    .getByRole('textbox', { name: 'Title of tag 1' })
    .fill('SIL-4-without-any-space-in-its-long-title-at-all');
  await dialog.getByRole('button', { name: 'Create the classifier' }).click();
  await expect(dialog).toHaveCount(0);
  const long = card(a, LONG);
  await expect(long).toBeVisible();
  const panelBox = (await panel(a).boundingBox())!;
  const longBox = (await long.boundingBox())!;
  expect(longBox.x + longBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
  await snap(a, 'tags-panel-en');
});

test('names and titles are edited in place: Enter saves a change, Escape and refusals put the text back', async () => {
  const priority = card(a, 'Priority');
  const medium = priority.getByRole('textbox', { name: 'Title of the tag Medium' });
  await medium.fill('Normal');
  await medium.press('Enter');
  await expect(priority.getByRole('textbox', { name: 'Title of the tag Normal' })).toHaveValue('Normal');
  await expect
    .poll(async () =>
      (
        await data<{ tags: Tag[] }[]>(a.context().request.get(`/api/documents/classifiers/${seed.parentDocument}`))
      )[0]!.tags.map((t) => t.title),
    )
    .toEqual(['High', 'Normal', 'Low']);

  const low = priority.getByRole('textbox', { name: 'Title of the tag Low' });
  await low.fill('Something else');
  await low.press('Escape');
  await expect(low).toHaveValue('Low');
  await expect(low).not.toBeFocused();

  // Taken (whatever the case): refused by the server, the text goes back and the reason shows.
  await low.fill('HIGH');
  await low.press('Enter');
  await expect(a.getByText('This classifier already has a tag with this title.')).toBeVisible();
  await expect(low).toHaveValue('Low');
  await closeToasts(a);

  // A colour from the palette, saved at once.
  await priority.getByRole('button', { name: /^Colour of Low: / }).click();
  await a.getByRole('radiogroup', { name: 'Colour of Low' }).getByRole('radio', { name: 'Green' }).click();
  await expect(priority.getByRole('button', { name: 'Colour of Low: Green' })).toBeVisible();

  // The classifier's name too.
  const name = card(a, 'Component').getByRole('textbox', { name: 'Name of the classifier Component' });
  await name.fill('Subsystem');
  await name.blur();
  await expect(card(a, 'Subsystem')).toBeVisible();
});

test('the table has a column per classifier; the picker tags a requirement and a single-select holds one', async () => {
  const ids = await requirementIds(a);
  const grid = table(a);
  // The panel closed: the table has the page's width.
  await a.getByRole('tab', { name: 'Tags' }).click();
  await expect(panel(a)).toHaveCount(0);
  await expect(grid.getByRole('columnheader')).toHaveText([
    '',
    'Requirement',
    'Status',
    'Score',
    'Priority',
    'Subsystem',
    LONG,
    'Actions',
  ]);
  // The name keeps a readable width beside the columns (the quality Score column, decisions §25, took 56 px of it).
  const stop = (await grid.getByRole('link', { name: 'The system shall stop safely within 2 s' }).boundingBox())!;
  expect(stop.width).toBeGreaterThan(130);

  await picker(a, 'Priority', 'SR_I_001').click();
  const filter = a.getByRole('combobox', { name: 'Filter the tags of Priority' });
  await expect(filter).toBeFocused();
  await expect(a.getByRole('listbox', { name: 'Priority' }).getByRole('option')).toHaveText(['High', 'Normal', 'Low']);
  await option(a, 'High').click();
  await expect(option(a, 'High')).toHaveAttribute('aria-selected', 'true');
  await option(a, 'Low').click();
  // One tag at most: Low replaced High.
  await expect(option(a, 'High')).toHaveAttribute('aria-selected', 'false');
  await expect(option(a, 'Low')).toHaveAttribute('aria-selected', 'true');
  await snap(a, 'tags-picker-open-en');
  await axe(a, 'tag picker');
  await clickOutside(a);
  await expect(picker(a, 'Priority', 'SR_I_001')).toHaveAccessibleName('Priority tags of SR_I_001: Low');
  await expect.poll(() => tagsOf(a, ids.speed)).toEqual(['Low']);

  // Escape cancels: nothing is sent.
  await picker(a, 'Priority', 'SR_I_001').click();
  await option(a, 'Normal').click();
  await a.keyboard.press('Escape');
  await expect(a.getByRole('listbox')).toHaveCount(0);
  await expect(picker(a, 'Priority', 'SR_I_001')).toBeFocused();
  await expect(picker(a, 'Priority', 'SR_I_001')).toHaveAccessibleName('Priority tags of SR_I_001: Low');
  expect(await tagsOf(a, ids.speed)).toEqual(['Low']);

  // From the keyboard, with the filter (case ignored): several tags in a multiselect classifier; Tab saves.
  await picker(a, 'Subsystem', 'SR_002').focus();
  await a.keyboard.press('ArrowDown');
  await a.keyboard.type('DISP');
  await expect(a.getByRole('option')).toHaveText(['Display']);
  await a.keyboard.press('Enter');
  await a.keyboard.press('Control+A');
  await a.keyboard.type('sens');
  await a.keyboard.press('Enter');
  // Tab saves and gives the focus back to the picker's button.
  await a.keyboard.press('Tab');
  await expect(a.getByRole('listbox')).toHaveCount(0);
  await expect(picker(a, 'Subsystem', 'SR_002')).toBeFocused();
  await expect(picker(a, 'Subsystem', 'SR_002')).toHaveAccessibleName('Subsystem tags of SR_002: Display, Sensors');
  await expect.poll(() => tagsOf(a, ids.stop)).toEqual(['Display', 'Sensors']);
  const row = grid.getByRole('row').filter({ has: a.getByRole('link', { name: 'SR_002' }) });
  await expect(picker(a, 'Subsystem', 'SR_002')).toHaveText('DisplaySensors');
  // The classifier's name is its column's header, not repeated in the cell.
  await expect(row.getByRole('cell').nth(5).getByText('Subsystem', { exact: true })).toBeHidden();

  // The tags of another classifier stay when one classifier's are changed.
  await picker(a, 'Priority', 'SR_002').click();
  await option(a, 'High').click();
  await clickOutside(a);
  await expect.poll(() => tagsOf(a, ids.stop)).toEqual(['High', 'Display', 'Sensors']);
  await snap(a, 'tags-table-en');

  // With the panel open the view is too narrow for the columns: each classifier's tags go under the name.
  await openTagsPanel(a);
  await expect(grid.getByRole('columnheader')).toHaveText(['', 'Requirement', 'Status', 'Score', 'Actions']);
  const name = (await row.getByRole('link', { name: 'The system shall stop safely within 2 s' }).boundingBox())!;
  const tags = (await picker(a, 'Subsystem', 'SR_002').boundingBox())!;
  expect(tags.y).toBeGreaterThan(name.y + name.height - 1);
  expect(name.width).toBeGreaterThan(130);
  await expect(row.getByRole('cell').nth(5).getByText('Subsystem', { exact: true })).toBeVisible();
  await snap(a, 'tags-table-folded-en');
});

test('the table’s filter matches tag titles, whatever their case', async () => {
  const filter = a.getByRole('textbox', { name: 'Filter the requirements' });
  await filter.fill('SENSORS');
  await expect(table(a).getByRole('link', { name: 'SR_002' })).toBeVisible();
  await expect(table(a).getByRole('link', { name: 'SR_I_001' })).toHaveCount(0);
  await expect(a.getByText('1 of 2')).toBeVisible();
  await filter.fill('low');
  await expect(table(a).getByRole('link', { name: 'SR_I_001' })).toBeVisible();
  await expect(table(a).getByRole('link', { name: 'SR_002' })).toHaveCount(0);
  await filter.fill('');
  await expect(table(a).getByRole('link', { name: 'SR_002' })).toBeVisible();
});

test('another member sees renames, new classifiers and deletions live, in the panel, the columns and the badges', async () => {
  await b.goto(documentPath());
  await expect(picker(b, 'Priority', 'SR_I_001')).toHaveAccessibleName('Priority tags of SR_I_001: Low');
  await openTagsPanel(b);
  await expect(card(b, 'Priority')).toBeVisible();

  await openTagsPanel(a);
  const low = card(a, 'Priority').getByRole('textbox', { name: 'Title of the tag Low' });
  await low.fill('Minor');
  await low.press('Enter');
  await expect(picker(b, 'Priority', 'SR_I_001')).toHaveAccessibleName('Priority tags of SR_I_001: Minor');
  await expect(picker(b, 'Priority', 'SR_I_001')).toHaveText('Minor');
  await expect(card(b, 'Priority').getByRole('textbox', { name: 'Title of the tag Minor' })).toBeVisible();
  await snap(b, 'tags-live-rename-en');

  // A classifier renamed, and one made: the columns follow (the panel closed, the table has room for them).
  await b.getByRole('tab', { name: 'Tags' }).click();
  await expect(table(b).getByRole('columnheader', { name: 'Priority' })).toBeVisible();
  const name = card(a, 'Priority').getByRole('textbox', { name: 'Name of the classifier Priority' });
  await name.fill('Urgency');
  await name.press('Enter');
  await expect(table(b).getByRole('columnheader', { name: 'Urgency' })).toBeVisible();
  await expect(picker(b, 'Urgency', 'SR_I_001')).toHaveText('Minor');
  await apiCall(a.context(), 'POST', 'classifiers', {
    document_id: seed.parentDocument,
    name: 'Release',
    tags: [{ title: 'v1', color: 'rgba(20, 184, 166, 0.3)' }],
  });
  // A fourth classifier: at this width the columns no longer fit beside the names, and fold under them.
  await expect(picker(b, 'Release', 'SR_002')).toBeVisible();
  await expect(table(b).getByRole('columnheader', { name: 'Urgency' })).toHaveCount(0);
  await expect(card(a, 'Release')).toBeVisible();

  // A tag deleted after a confirmation (danger button): it leaves the requirements, here and there.
  await card(a, 'Subsystem').getByRole('button', { name: 'Delete the tag Display' }).click();
  const confirm = a.getByRole('dialog', { name: 'Delete the tag' });
  await expect(confirm).toContainText('Delete the tag “Display”? It leaves every requirement that holds it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(picker(a, 'Subsystem', 'SR_002')).toHaveAccessibleName('Subsystem tags of SR_002: Sensors');
  await expect(picker(b, 'Subsystem', 'SR_002')).toHaveAccessibleName('Subsystem tags of SR_002: Sensors');

  // A classifier deleted: cancel does nothing; confirmed, its column goes in both browsers.
  await card(a, 'Release').getByRole('button', { name: 'Delete the classifier Release' }).click();
  await a.getByRole('dialog', { name: 'Delete the classifier' }).getByRole('button', { name: 'No' }).click();
  await expect(card(a, 'Release')).toBeVisible();
  await card(a, 'Release').getByRole('button', { name: 'Delete the classifier Release' }).click();
  await a.getByRole('dialog', { name: 'Delete the classifier' }).getByRole('button', { name: 'Delete' }).click();
  await expect(picker(b, 'Release', 'SR_002')).toHaveCount(0);
  await expect(picker(a, 'Release', 'SR_002')).toHaveCount(0);
  // Three again: back in columns.
  await expect(table(b).getByRole('columnheader', { name: 'Urgency' })).toBeVisible();
  await openTagsPanel(b);
  await expect(card(b, 'Urgency')).toBeVisible();
  await expect(card(b, 'Release')).toHaveCount(0);
  await expect(card(b, 'Subsystem').getByRole('textbox', { name: 'Title of the tag Display' })).toHaveCount(0);

  // A tag chosen by the other member shows here.
  await picker(b, 'Urgency', 'SR_002').click();
  await option(b, 'Normal').click();
  await clickOutside(b);
  await expect(picker(a, 'Urgency', 'SR_002')).toHaveAccessibleName('Urgency tags of SR_002: Normal');
});

test('a picker saving over another member’s change meets the conflict dialog', async () => {
  const ids = await requirementIds(a);
  await picker(a, 'Urgency', 'SR_I_001').click();
  await option(a, 'High').click();
  // Meanwhile the other member sets the requirement's tags.
  const sensors = (
    await data<{ tags: Tag[] }[]>(a.context().request.get(`/api/documents/classifiers/${seed.parentDocument}`))
  )
    .flatMap((c) => c.tags)
    .find((tag) => tag.title === 'Sensors')!;
  const current = await data<{ tags: Tag[] }>(b.context().request.get(`/api/requirements/${ids.speed}`));
  await apiCall(b.context(), 'PUT', `requirements/${ids.speed}`, {
    tags_id: [...current.tags.map((tag) => tag.id), sensors.id],
  });
  await clickOutside(a);
  const conflict = a.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(conflict.getByRole('group', { name: 'Tags' })).toBeVisible();
  await expect(conflict.getByRole('region', { name: 'Your version' })).toHaveText(/High/);
  await expect(conflict.getByRole('region', { name: 'Their version (saved)' })).toHaveText(/MinorSensors/);
  await snap(a, 'tags-conflict-en');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  // Mine as saved: the other classifier's tags as they were when the picker closed (Sensors), and my choice.
  await expect.poll(() => tagsOf(a, ids.speed)).toEqual(['High', 'Sensors']);
  await expect(picker(a, 'Urgency', 'SR_I_001')).toHaveAccessibleName('Urgency tags of SR_I_001: High');
});

test('the requirement view and the category’s list have the pickers too', async () => {
  const ids = await requirementIds(a);
  await a.goto(`${seed.base}/detailed/requirement/${ids.speed}`);
  const tags = a.getByRole('group', { name: 'Tags' });
  await expect(tags).toContainText('Urgency');
  await expect(tags).toContainText('Subsystem');
  await expect(picker(a, 'Urgency', 'SR_I_001')).toHaveText('High');
  await picker(a, 'Subsystem', 'SR_I_001').click();
  await option(a, 'Power').click();
  await clickOutside(a);
  await expect.poll(() => tagsOf(a, ids.speed)).toEqual(['High', 'Sensors', 'Power']);
  // The panel is the document's, from any of its elements.
  await openTagsPanel(a);
  await expect(card(a, 'Urgency')).toBeVisible();
  await snap(a, 'tags-requirement-view-en');

  await a.getByRole('tab', { name: 'Tags' }).click();
  await a.goto(`${seed.base}/detailed/category/${seed.category}`);
  const list = a.getByRole('table', { name: 'Requirements of Interface' });
  await expect(list.getByRole('columnheader', { name: 'Urgency' })).toBeVisible();
  await expect(picker(a, 'Subsystem', 'SR_I_001')).toHaveText('SensorsPower');
  await picker(a, 'Subsystem', 'SR_I_001').click();
  await option(a, 'Power').click();
  await clickOutside(a);
  await expect.poll(() => tagsOf(a, ids.speed)).toEqual(['High', 'Sensors']);
  await axe(a, 'tags panel and category list');
  await snap(a, 'tags-category-list-en');
});

test('the panel, the picker and the columns in French', async () => {
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  try {
    await a.goto(documentPath());
    await expect(a.locator('html')).toHaveAttribute('lang', 'fr');
    await openTagsPanel(a, 'Étiquettes');
    await expect(panel(a).getByRole('button', { name: 'Nouveau classificateur' })).toBeVisible();
    const urgency = card(a, 'Urgency', 'Classificateur');
    await expect(urgency.getByRole('switch', { name: 'Plusieurs étiquettes par exigence' })).not.toBeChecked();
    await urgency.getByRole('button', { name: /^Couleur de High : / }).click();
    const names = await a
      .getByRole('radiogroup', { name: 'Couleur de High' })
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
    expect(names).toEqual(['Rouge', 'Orange', 'Jaune', 'Vert', 'Turquoise', 'Bleu', 'Indigo', 'Violet', 'Rose']);
    await a.keyboard.press('Escape');
    await snap(a, 'tags-panel-fr');

    await a.getByRole('button', { name: /^Étiquettes Urgency de SR_I_001 : / }).click();
    await expect(a.getByRole('combobox', { name: 'Filtrer les étiquettes de Urgency' })).toBeVisible();
    await expect(a.getByText('Une étiquette au plus')).toBeVisible();
    await snap(a, 'tags-picker-open-fr');
    await a.keyboard.press('Escape');
    await a.getByRole('tab', { name: 'Étiquettes' }).click();
    await a.getByRole('textbox', { name: 'Filtrer les exigences' }).fill('sensors');
    await expect(table(a).getByRole('link', { name: 'SR_002' })).toBeVisible();
    await a.getByRole('textbox', { name: 'Filtrer les exigences' }).fill('');
    await snap(a, 'tags-table-fr');
  } finally {
    await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
  }
});
