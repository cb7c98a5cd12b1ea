import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { TOUR_NAMES } from '@reqloom/domain';
import { linkFromNewestMail } from './outbox';

export interface TestUser {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A user no other test has: the name is given, the username and e-mail carry a unique stamp. */
export function newUser(handle: string, name: string): TestUser {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return {
    name,
    username: `${handle}-${stamp}`,
    email: `${handle}-${stamp}@example.test`,
    password: 'correct horse battery staple',
  };
}

async function csrfHeader(context: BrowserContext): Promise<Record<string, string>> {
  let token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await context.request.get('/sanctum/csrf-cookie');
    token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  }
  return { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') };
}

/** A call to the API with the context's cookies (its session, once there is one) and the CSRF header. */
export async function apiCall(
  context: BrowserContext,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): ReturnType<APIRequestContext['fetch']> {
  const response = await context.request.fetch(`/api/${path}`, { method, data, headers: await csrfHeader(context) });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

/**
 * Registers through the API. The server allows 10 registrations a minute from one address (decisions §10), and the
 * whole suite would register from one: the e2e server trusts its proxy headers (playwright.config.ts), and each
 * registration comes from an address of its own, as the people of a real team do.
 */
async function register(context: BrowserContext, user: TestUser): Promise<void> {
  const address = `10.${randomByte()}.${randomByte()}.${1 + (randomByte() % 254)}`;
  const response = await context.request.fetch('/api/auth/register', {
    method: 'POST',
    data: { ...user, password_confirmation: user.password },
    headers: { ...(await csrfHeader(context)), 'X-Forwarded-For': address },
  });
  expect(response.ok(), `POST auth/register answered ${response.status()}: ${await response.text()}`).toBe(true);
}

const randomByte = () => Math.floor(Math.random() * 256);

/**
 * Registers and confirms an account through the API and the mail outbox, which leaves the context with the
 * session the confirmation opens. The browser page itself still has to log in (the client keeps its own clock).
 */
export async function signUpConfirmed(context: BrowserContext, user: TestUser): Promise<void> {
  await register(context, user);
  const link = await linkFromNewestMail(user.email, /\/confirm\/[^\s"'<>]+/);
  const confirmed = await context.request.get(`/api/auth${link}`);
  expect(confirmed.ok(), `confirming ${user.email} at ${link}: ${await confirmed.text()}`).toBe(true);
}

/** Every guided tour marked done: a new tour (decisions §18) joins the list by itself. */
export const ALL_TOURS_DONE: Readonly<Record<string, true>> = Object.fromEntries(
  TOUR_NAMES.map((name) => [name, true]),
);

/**
 * Marks every guided tour done, so that none covers the screens a test works on (tours.spec.ts tests the tours).
 * Needs a session in the context.
 */
export async function markToursDone(context: BrowserContext): Promise<void> {
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours: ALL_TOURS_DONE } });
}

export async function logIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A confirmed user with the tours done, logged in on the page: the start of most tests. */
export async function signUpAndLogIn(page: Page, user: TestUser, options = { toursDone: true }): Promise<void> {
  await signUpConfirmed(page.context(), user);
  if (options.toursDone) await markToursDone(page.context());
  await logIn(page, user);
}

/**
 * Turns the alpha features on for a user, with the command line an administrator would use (decisions §17): it reaches
 * the running server's embedded database through its socket in the test's DATA_DIR.
 */
export async function alphaOn(user: TestUser): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  const root = new URL('../..', import.meta.url).pathname;
  execFileSync(
    process.execPath,
    [`${root}node_modules/tsx/dist/cli.mjs`, `${root}apps/server/src/cli/main.ts`, 'user:alpha', user.email, 'on'],
    { env: { ...process.env, DATA_DIR: process.env.REQLOOM_E2E_DATA_DIR ?? '' }, stdio: 'pipe', timeout: 60_000 },
  );
}

/**
 * A member in a browser context of their own (added to `contexts`, which the spec closes): a confirmed account,
 * the alpha features if asked, every tour done, logged in on the page returned.
 */
export async function memberPage(
  browser: Browser,
  user: TestUser,
  options: { contexts: BrowserContext[]; alpha?: boolean; context: BrowserContextOptions },
): Promise<Page> {
  const context = await browser.newContext(options.context);
  options.contexts.push(context);
  await signUpConfirmed(context, user);
  if (options.alpha) await alphaOn(user);
  await markToursDone(context);
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}
