import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { logIn, newUser, signUpAndLogIn, signUpConfirmed } from './support/users';

// Groups and projects as two people use them at once (issue "Web client" §3): two browser contexts, one each.
test.describe.configure({ mode: 'serial' });

async function newContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

test('two members share a project through its join link, see it renamed live and leave it when deleted', async ({
  browser,
  baseURL,
}) => {
  const contextA = await newContext(browser, baseURL);
  const contextB = await newContext(browser, baseURL);
  const a: Page = await contextA.newPage();
  const b: Page = await contextB.newPage();
  const alice = newUser('alice', 'Alice Martin');
  const bob = newUser('bob', 'Bob Durand');
  const stamp = alice.username.split('-')[1] ?? '';
  const groupName = `Avionics ${stamp}`;
  const groupSlug = `avionics-${stamp}`;
  const projectPath = `/project/${groupSlug}/flight-control-system`;

  await test.step('both sign up and log in', async () => {
    await signUpAndLogIn(a, alice);
    await signUpAndLogIn(b, bob);
  });

  await test.step('A creates a group; its slug follows the name', async () => {
    await a.getByRole('link', { name: 'New group' }).click();
    await expect(a).toHaveURL(/\/groups\/new$/);
    await expect(a).toHaveTitle('New group · Reqloom');
    await a.getByRole('textbox', { name: 'Group name' }).fill(groupName);
    await expect(a.getByRole('textbox', { name: 'Group URL slug' })).toHaveValue(groupSlug);
    await a.getByRole('textbox', { name: 'Description' }).fill('The flight software team.');
    await snap(a, 'projects-01-new-group');
    await a.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(a).toHaveURL(/\/dashboard$/);
    await expect(a.getByText(`The group ${groupName} has been created.`)).toBeVisible();
    const groups = a.getByRole('table', { name: 'My groups' });
    await expect(groups.getByRole('row', { name: new RegExp(groupName) })).toContainText('The flight software team.');
  });

  await test.step('A creates a project in the group: acronym and slug follow the name', async () => {
    await a.getByRole('link', { name: `Create a project in the group ${groupName}` }).click();
    await expect(a).toHaveURL(/\/projects\/new\?group_id=\d+$/);
    await expect(a).toHaveTitle('New project · Reqloom');
    await expect(a.getByRole('combobox', { name: 'Group', exact: true })).toHaveValue(groupSlug);
    await a.getByRole('textbox', { name: 'Name', exact: true }).fill('Flight Control System');
    await expect(a.getByRole('textbox', { name: 'Acronym' })).toHaveValue('FCS');
    await expect(a.getByRole('textbox', { name: 'Project URL slug' })).toHaveValue('flight-control-system');
    await a.getByRole('textbox', { name: 'Description' }).fill('Requirements of the fly-by-wire computers.');
    await snap(a, 'projects-02-new-project');
    await a.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(a).toHaveURL(new RegExp(`${escapeRegExp(projectPath)}$`));
    await expect(a.getByRole('heading', { level: 1, name: 'Flight Control System' })).toBeVisible();
    await expect(a.getByText('FCS', { exact: true }).first()).toBeVisible();
    await expect(a.getByText('Requirements of the fly-by-wire computers.')).toBeVisible();
    await expect(a).toHaveTitle('Flight Control System · Reqloom');
  });

  let joinLink = '';
  await test.step('A copies the join link from the overview', async () => {
    await a.getByRole('button', { name: 'Copy the join link of the project' }).click();
    await expect(a.getByText('The join link has been copied to the clipboard.')).toBeVisible();
    joinLink = await a.evaluate(() => navigator.clipboard.readText());
    expect(joinLink).toMatch(
      new RegExp(`^${escapeRegExp(baseURL ?? '')}/projects/join/${groupSlug}/flight-control-system/[^/]+$`),
    );
    await snap(a, 'projects-03-overview');
  });

  await test.step('B, not a member yet, is refused the project', async () => {
    await b.goto(projectPath);
    await expect(b).toHaveURL(/\/forbidden$/);
    await expect(b.getByText('This action is unauthorized.')).toBeVisible();
    await snap(b, 'projects-04-forbidden');
  });

  await test.step('B joins through the link and finds the project on the dashboard', async () => {
    await b.goto(joinLink);
    await expect(b.getByText('You have joined the project Flight Control System.', { exact: false })).toBeVisible();
    await snap(b, 'projects-05-joined');
    await expect(b).toHaveURL(/\/dashboard$/);
    const projects = b.getByRole('table', { name: 'My projects' });
    await expect(projects.getByRole('link', { name: `${groupName} / Flight Control System` })).toBeVisible();
    // A sees the new contributor without reloading.
    await expect(a.getByRole('listitem').filter({ hasText: bob.name })).toBeVisible();
  });

  await test.step('a link that is not valid says so', async () => {
    await b.goto(joinLink.replace(/[^/]+$/, 'not-the-token'));
    await expect(b.getByText('The link you used to join this project is not valid.')).toBeVisible();
    await snap(b, 'projects-06-join-invalid');
    await b.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(b).toHaveURL(/\/dashboard$/);
  });

  await test.step('B opens the project', async () => {
    await b.getByRole('link', { name: `${groupName} / Flight Control System` }).click();
    await expect(b).toHaveURL(new RegExp(`${escapeRegExp(projectPath)}$`));
    await expect(b.getByRole('heading', { level: 1, name: 'Flight Control System' })).toBeVisible();
    await expect(b.getByRole('listitem').filter({ hasText: alice.name })).toBeVisible();
    // Marks this page: a reload would lose it.
    await b.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));
  });

  await test.step('A renames the project; B sees the new name without reloading', async () => {
    await a.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
    await expect(a).toHaveURL(new RegExp(`${escapeRegExp(projectPath)}/settings$`));
    await expect(a.getByRole('heading', { name: 'Project settings' })).toBeVisible();
    await snap(a, 'projects-07-settings');
    // The side bar's sections move through the router: a bare anchor's hash came back to it as a navigation it had
    // not made, and the unsaved-work blocker warned in the console on each click.
    const warnings: string[] = [];
    a.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await a.getByRole('link', { name: 'Advanced', exact: true }).click();
    await expect(a).toHaveURL(/#settings-advanced$/);
    await expect(a.getByRole('heading', { name: 'Advanced', exact: true })).toBeInViewport();
    await a.getByRole('link', { name: 'General', exact: true }).click();
    await expect(a).toHaveURL(/#settings-general$/);
    expect(warnings).toEqual([]);
    const name = a.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Flight Control Software');
    await a.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(a.getByText('The project has been saved.')).toBeVisible();
    await expect(b.getByRole('heading', { level: 1, name: 'Flight Control Software' })).toBeVisible();
    await expect(b).toHaveTitle('Flight Control Software · Reqloom');
    expect(await b.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
  });

  await test.step('A deletes the project after typing its slug; both end on the dashboard', async () => {
    await a.getByRole('button', { name: 'Delete the project…' }).click();
    const confirmation = a.getByRole('textbox', { name: 'Type flight-control-system to confirm' });
    const confirm = a.getByRole('button', { name: 'Delete the project permanently' });
    await expect(confirm).toBeDisabled();
    await confirmation.fill('flight-control');
    await expect(confirm).toBeDisabled();
    await confirmation.fill('flight-control-system');
    await expect(confirm).toBeEnabled();
    await snap(a, 'projects-08-delete-confirmation');
    await confirm.click();
    await expect(a).toHaveURL(/\/dashboard$/);
    await expect(a.getByText('The project Flight Control Software has been deleted.')).toBeVisible();
    await expect(b).toHaveURL(/\/dashboard$/);
    await expect(b.getByText('This project has just been deleted, or you have been removed from it.')).toBeVisible();
    await expect(b.getByText('No projects yet')).toBeVisible();
  });

  await contextA.close();
  await contextB.close();
});

test('the dashboard tour shows to a new user once, and again after a reset', async ({ page }) => {
  const carol = newUser('carol', 'Carol Nguyen');
  await signUpConfirmed(page.context(), carol);
  await logIn(page, carol);
  const tour = page.getByRole('dialog', { name: 'Your projects' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('1 of 5');
  await snap(page, 'projects-09-tour');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Marked done in the preferences: it does not come back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Reset from the preferences: the tour comes back on the dashboard.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await page.getByRole('button', { name: 'Reset the tours' }).click();
  await expect(page.getByText('The guided tours will be shown again.')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByRole('dialog', { name: 'Your projects' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
