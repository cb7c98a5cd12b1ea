import { expect, test, type Page } from '@playwright/test';
import { linkFromNewestMail } from './support/outbox';
import { snap } from './support/screenshot';
import { markToursDone } from './support/users';

// One account walks through the whole life of a session; the steps build on each other.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const user = {
  name: 'Ada Lovelace',
  username: `ada-${stamp}`,
  email: `ada-${stamp}@example.test`,
  password: 'analytical engine 1843',
};

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an account from registration to logout', async ({ page, context, baseURL }) => {
  await test.step('register', async () => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in · Reqloom');
    await snap(page, '01-login-en');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await expect(page.getByText('Your account has been registered. However, it must be confirmed...')).toBeVisible();
    await snap(page, '02-registered');
  });

  await test.step('confirm from the mailed link and land on the dashboard', async () => {
    const link = await linkFromNewestMail(user.email, new RegExp(`${escapeRegExp(baseURL ?? '')}/confirm/[^\\s"'<>]+`));
    await page.goto(link);
    await expect(page.getByText('Your account has been confirmed. You will be logged in shortly.')).toBeVisible();
    // The session is open: the guided tours are marked done (tours.spec.ts tests them). The client may have read
    // the user before the mark landed, so the dashboard is loaded again to read the preferences as they now are.
    await markToursDone(context);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My groups' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('AL');
    await expect(page).toHaveTitle('Dashboard · Reqloom');
    await snap(page, '03-dashboard');
  });

  await test.step('log out, and a protected page asks to log in first', async () => {
    await logOut(page);
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login\?from=%2Fuser%2Fprofile$/);
  });

  await test.step('wrong credentials show the server message under the field', async () => {
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Those credentials are incorrect.')).toBeVisible();
  });

  await test.step('log in and come back to the profile', async () => {
    await logIn(page);
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(user.name);
    await snap(page, '04-profile-en');
  });

  await test.step('edit the profile name', async () => {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada King');
    await page.getByRole('button', { name: 'Save the profile' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('AK');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada King');
  });

  await test.step('switch to French in the preferences', async () => {
    await page
      .getByRole('navigation', { name: 'User settings sections' })
      .getByRole('link', { name: 'Preferences' })
      .click();
    await expect(page).toHaveURL(/\/user\/preferences$/);
    await expect(page.getByRole('switch', { name: /Set the time zone automatically/ })).toBeChecked();
    await snap(page, '05-preferences-en');
    await page.getByRole('combobox', { name: 'Interface language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByRole('combobox', { name: "Langue de l'interface" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible();
    await expect(page.getByText('Vos préférences ont été enregistrées.')).toBeVisible();
    await expect(page).toHaveTitle('Préférences · Reqloom');
    await snap(page, '06-preferences-fr');
    // Saved on the server: a reload comes back in French.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible();
    await page.getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Ada King');
    await expect(page.getByRole('heading', { name: 'Changer le mot de passe' })).toBeVisible();
    await snap(page, '07-profile-fr');
    await page.getByRole('link', { name: 'Préférences' }).click();
    await page.getByRole('combobox', { name: "Langue de l'interface" }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'User settings' })).toBeVisible();
  });

  await test.step('generate an access token, shown once', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('link', { name: 'Applications' }).click();
    await expect(page).toHaveURL(/\/user\/applications$/);
    await page.getByRole('button', { name: 'Generate a token' }).click();
    const field = page.getByRole('textbox', { name: 'Access token' });
    await expect(field).toHaveValue(/\S{20,}/);
    const token = await field.inputValue();
    await expect(page.getByText('The token has been copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const list = page.getByRole('table');
    await expect(list.getByRole('cell', { name: 'Word add-in', exact: true })).toBeVisible();
    await snap(page, '08-applications-token');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Generate a token' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveCount(0);
    await expect(page.getByRole('table').getByRole('cell', { name: 'Word add-in', exact: true })).toBeVisible();
  });

  await test.step('log out', async () => {
    await logOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/);
  });
});

test('the language dropdown of the login page switches it to French', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Reqloom' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Connexion à Reqloom' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  await expect(page).toHaveTitle('Connexion · Reqloom');
  await snap(page, '09-login-fr');
  // The choice is remembered in this browser.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion à Reqloom' })).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
