import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestProvider, type TestProvider } from '@reqloom/oidc-test-provider';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { data, seedProject, type SeededProject } from './support/seed';
import { freePort, serverReady, startServer, type ServerProcess } from './support/server-process';
import { apiCall, markToursDone, newUser, signUpConfirmed, type TestUser } from './support/users';

// Single sign-on with OpenID Connect (decisions §26), the whole way in Chromium: a real provider (panva's
// oidc-provider with its development login and consent pages, packages/oidc-test-provider) and a server of this spec's
// own that the OIDC_* variables point at it. A first login opens a confirmed account; logging out ends the session; an
// account that has a password is linked only once its password is typed; an account of the provider signs a review,
// and revokes its signature, by signing in again at the provider (prompt=login), never with a password (§23).
// Pictures of the login page, the provider's page and the sign dialog, in English and French, go to SSO_SHOTS.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = process.env.SSO_SHOTS ?? path.join(import.meta.dirname, '.tmp', 'sso-shots');
const PROVIDER = 'Corp SSO';
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

let dir: string;
let appUrl: string;
let server: ServerProcess | undefined;
let idp: TestProvider;
let previousDataDir: string | undefined;
const contexts: BrowserContext[] = [];

/** Grace has no account here: the provider's first login opens one. */
const grace = { login: `grace-${stamp}`, email: `grace-${stamp}@corp.example`, name: 'Grace Hopper' };
/** Ada registered with a password before single sign-on came; the provider knows her by the same address. */
const ada: TestUser = newUser('ada', 'Ada Lovelace');
const adaLogin = `ada-${stamp}`;
let gracePage: Page;
/** Ada's own context, with the session of her registration: she owns the project and starts the review. */
let adaSetup: BrowserContext;
let seed: SeededProject;

async function newContext(browser: Browser, locale: 'en-US' | 'fr-FR' = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl, locale, timezoneId: 'Europe/Paris' });
  // The provider's development pages import a web font from Google; the machine is offline.
  await context.route(/fonts\.googleapis\.com/, (route) => route.abort());
  contexts.push(context);
  return context;
}

/** A picture of what the window shows (a dialog's overlay covers the window only, not a full-page picture). */
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const atProvider = (page: Page) => expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));

/** The provider's development login page (any password), then its consent page when it asks for one. */
async function signInAtProvider(page: Page, login: string, screenshot?: string): Promise<void> {
  await atProvider(page);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  if (screenshot) await shot(page, screenshot);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The consent page comes the first time this app asks; then the browser is back at the app.
  const consent = page.getByRole('button', { name: 'Continue' });
  await expect(async () => {
    if (await consent.isVisible()) await consent.click();
    expect(page.url().startsWith(appUrl)).toBe(true);
  }).toPass({ timeout: 20_000 });
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function me(context: BrowserContext) {
  const response = await context.request.get('/api/user');
  const user = response.ok() ? ((await response.json()) as { data: Record<string, unknown> }).data : null;
  return { status: response.status(), user };
}

/** The mails of this server's outbox to an address. */
function mailsTo(address: string): string[] {
  const outbox = path.join(dir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .filter((mail) => mail.toLowerCase().includes(address.toLowerCase()));
}

test.beforeAll(async () => {
  // A server of its own on a new database: a minute on a loaded machine.
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-sso-'));
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  idp = await startTestProvider({ redirectUri: `${appUrl}/api/auth/oidc/callback` });
  server = startServer(port, {
    DATA_DIR: dir,
    APP_URL: appUrl,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.client.client_id,
    OIDC_CLIENT_SECRET: idp.client.client_secret,
    OIDC_DISPLAY_NAME: PROVIDER,
  });
  await serverReady(server, 180_000);
  // The confirmation mails of this server's accounts are in its outbox (support/outbox.ts reads the variable).
  previousDataDir = process.env.REQLOOM_E2E_DATA_DIR;
  process.env.REQLOOM_E2E_DATA_DIR = dir;
  idp.people.set(grace.login, { email: grace.email, email_verified: true, name: grace.name });
  idp.people.set(adaLogin, { email: ada.email, email_verified: true, name: ada.name });
});

test.afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.REQLOOM_E2E_DATA_DIR;
  else process.env.REQLOOM_E2E_DATA_DIR = previousDataDir;
  for (const context of contexts) await context.close();
  server?.process.kill('SIGTERM');
  await idp?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the login page offers the provider, in English and in French', async ({ browser }) => {
  for (const [locale, label, or] of [
    ['en-US', `Sign in with ${PROVIDER}`, 'or with your password'],
    ['fr-FR', `Se connecter avec ${PROVIDER}`, 'ou avec votre mot de passe'],
  ] as const) {
    const page = await (await newContext(browser, locale)).newPage();
    await page.goto('/login');
    const button = page.getByRole('link', { name: label });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', '/api/auth/oidc/login');
    await expect(page.getByText(or)).toBeVisible();
    await shot(page, `${locale.slice(0, 2)}-1-login`);
  }
});

test('a first login at the provider opens a new confirmed account; logging out ends the session', async ({
  browser,
}) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await signInAtProvider(page, grace.login, 'en-2-provider-login');
  await expect(page).toHaveURL(/\/dashboard$/);
  const { user } = await me(context);
  expect(user).toMatchObject({ name: grace.name, email: grace.email, username: grace.login });
  // Confirmed by the provider's verified address: no confirmation mail was sent, none is waited for.
  expect(mailsTo(grace.email)).toEqual([]);
  expect((await (await context.request.get('/api/auth/oidc')).json()) as unknown).toMatchObject({ linked: true });

  await logOut(page);
  expect((await me(context)).status).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // Back through the provider (its session remembers her: no login page), into the same account.
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await me(context)).user).toMatchObject({ id: user?.id });
  await markToursDone(context);
  gracePage = page;
});

test('an account with a password is linked only once its password is typed', async ({ browser }) => {
  adaSetup = await newContext(browser);
  await signUpConfirmed(adaSetup, ada);
  await markToursDone(adaSetup);
  seed = await seedProject(adaSetup, stamp);

  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await signInAtProvider(page, adaLogin);
  // Back at the login page with the word that the password must link it: no session yet.
  await expect(page).toHaveURL(/\/login\?sso_link=1$/);
  await expect(page.getByRole('status')).toContainText('An account with this e-mail address already exists');
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER}` })).toHaveCount(0);
  expect((await me(context)).status).toBe(401);
  await shot(page, 'en-2b-link-needed');

  await page.getByLabel('E-mail address').fill(ada.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ada.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await (await context.request.get('/api/auth/oidc')).json()) as unknown).toMatchObject({ linked: true });

  // Linked: the provider alone opens her account now.
  await logOut(page);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await me(context)).user).toMatchObject({ email: ada.email });
});

test('an account of the provider signs a review, and revokes the signature, by signing in there again', async () => {
  const { namespace, slug, join_token } = seed.project;
  await apiCall(gracePage.context(), 'POST', `projects/join/${namespace}/${slug}`, { token: join_token });
  const graceId = (await me(gracePage.context())).user?.id as number;
  const review = await data<{ id: number }>(
    apiCall(adaSetup, 'POST', 'reviews', {
      project_id: seed.project.id,
      title: 'Release 1 sign-off',
      document_ids: [seed.parentDocument],
      participants: [{ user_id: graceId, role: 'reviewer' }],
    }),
  );
  const reviewPath = `${seed.base}/reviews/${review.id}`;
  const page = gracePage;
  await page.goto(reviewPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Release 1 sign-off' })).toBeVisible();

  await test.step('a sign-in at the provider older than 5 minutes is refused, and the dialog says so', async () => {
    await page.getByRole('button', { name: 'Sign this review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign the review electronically' });
    idp.mode.staleLogin = true;
    try {
      await dialog.getByRole('link', { name: `Confirm it is you with ${PROVIDER}` }).click();
      await signInAtProvider(page, grace.login);
    } finally {
      idp.mode.staleLogin = false;
    }
    await expect(page).toHaveURL(new RegExp(`${reviewPath}\\?reauth_for=sign&reauth_error=reauth$`));
    const back = page.getByRole('dialog', { name: 'Sign the review electronically' });
    await expect(back.getByRole('alert').filter({ hasText: 'could not confirm that it is you' })).toBeVisible();
    await expect(back.getByRole('button', { name: 'Sign electronically' })).toBeDisabled();
    await shot(page, 'en-3b-sign-dialog-refused');
    await back.getByRole('button', { name: 'Cancel' }).click();
    await expect(back).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${reviewPath}$`));
  });

  await test.step('the sign dialog asks for the provider, not a password', async () => {
    await page.getByRole('button', { name: 'Sign this review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign the review electronically' });
    await expect(dialog).toContainText(`Your account signs in through ${PROVIDER}`);
    await expect(dialog.getByRole('textbox', { name: 'Your password' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Sign electronically' })).toBeDisabled();
    await shot(page, 'en-3-sign-dialog');
    await dialog.getByRole('link', { name: `Confirm it is you with ${PROVIDER}` }).click();
  });

  await test.step('at the provider she signs in again (prompt=login), and is back in the dialog', async () => {
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    await signInAtProvider(page, grace.login, 'en-4-provider-reauth');
    await expect(page).toHaveURL(new RegExp(`${reviewPath}\\?reauth_for=sign&reauth=ok$`));
    const dialog = page.getByRole('dialog', { name: 'Sign the review electronically' });
    await expect(dialog.getByRole('status')).toContainText(`You signed in again with ${PROVIDER}`);
    await dialog.getByRole('radio', { name: 'Reviewed' }).check();
    await shot(page, 'en-5-sign-dialog-back');
    await dialog.getByRole('button', { name: 'Sign electronically' }).click();
    await expect(dialog).toHaveCount(0);
    const signatures = page.getByRole('list', { name: 'Signatures' });
    await expect(signatures.getByRole('listitem')).toHaveCount(1);
    await expect(signatures).toContainText(grace.name);
    await expect(signatures).toContainText('Reviewed');
    // The purpose left the address with the dialog: a reload does not offer a spent proof.
    await expect(page).toHaveURL(new RegExp(`${reviewPath}$`));
  });

  await test.step('revoking asks for the provider too, and takes the reason on return', async () => {
    await page.getByRole('button', { name: 'Revoke my signature' }).click();
    let dialog = page.getByRole('dialog', { name: 'Revoke a signature' });
    await expect(dialog.getByRole('textbox', { name: 'Your password' })).toHaveCount(0);
    // The reason is asked once back from the provider: typed before, it would be lost on the way.
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveCount(0);
    await expect(dialog).toContainText(`then brought back here to revoke`);
    await shot(page, 'en-6-revoke-dialog');
    await dialog.getByRole('link', { name: `Confirm it is you with ${PROVIDER}` }).click();
    await signInAtProvider(page, grace.login);
    await expect(page).toHaveURL(new RegExp(`${reviewPath}\\?reauth_for=revoke-\\d+&reauth=ok$`));
    dialog = page.getByRole('dialog', { name: 'Revoke a signature' });
    await expect(dialog.getByRole('status')).toContainText(`You signed in again with ${PROVIDER}`);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Signed the wrong revision');
    await dialog.getByRole('button', { name: 'Revoke the signature' }).click();
    await expect(dialog).toHaveCount(0);
    const signature = page.getByRole('list', { name: 'Signatures' }).getByRole('listitem');
    await expect(signature).toHaveAttribute('data-revoked', 'true');
    await expect(signature).toContainText('Signed the wrong revision');
  });

  await test.step('in French: the sign dialog and the provider step', async () => {
    await apiCall(page.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
    try {
      await page.goto(reviewPath);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('button', { name: 'Signer cette revue' }).click();
      const dialog = page.getByRole('dialog', { name: 'Signer la revue électroniquement' });
      await expect(dialog).toContainText(`Votre compte se connecte par ${PROVIDER}`);
      await shot(page, 'fr-3-sign-dialog');
      await dialog.getByRole('link', { name: `Confirmer votre identité avec ${PROVIDER}` }).click();
      await signInAtProvider(page, grace.login, 'fr-4-provider-reauth');
      const back = page.getByRole('dialog', { name: 'Signer la revue électroniquement' });
      await expect(back.getByRole('status')).toContainText(`Reconnexion avec ${PROVIDER} réussie`);
      await shot(page, 'fr-5-sign-dialog-back');
      await back.getByRole('button', { name: 'Annuler' }).click();
      await expect(back).toHaveCount(0);
    } finally {
      await apiCall(page.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
    }
  });
});
