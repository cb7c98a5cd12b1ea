import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// The Impact section of a requirement (decisions §22): everything downstream of it by level, each once at its
// smallest depth with the requirement it is reached through, tests marked in words for alpha users; a member
// without the flag sees no test, here in French.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let ada: TestUser;
let bob: TestUser;
let a: Page;
let b: Page;
const ids = { blink: 0, check: 0, test: 0 };

const member = (browser: Browser, baseURL: string | undefined, user: TestUser, alpha = false) =>
  memberPage(browser, user, { contexts, alpha, context: { baseURL, locale: 'en-US' } });

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada, true);
  seed = await seedProject(a.context(), stamp);
  b = await member(browser, baseURL, bob);
  // Bob reads French: his preference, kept on the server, as the Preferences screen saves it.
  await apiCall(b.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
  const ctx = a.context();
  const verification = await data<{ id: number }>(
    apiCall(ctx, 'POST', 'documents', {
      project_id: seed.project.id,
      name: 'Verification',
      acronym: 'VT',
      parents_id: [seed.childDocument],
    }),
  );
  const create = async (documentId: number, name: string, parents: number[], type?: 'test') => {
    const created = await data<{ id: number }>(
      apiCall(ctx, 'POST', 'requirements', { document_id: documentId, name, ...(type && { type }) }),
    );
    await apiCall(ctx, 'PUT', `requirements/${created.id}`, { parents_id: parents });
    return created;
  };
  // The seed's speed requirement has one child (the speed widget); a second one, then below both a check (reached
  // twice at level 2: once, through the widget) and, below the widget, a test.
  ids.blink = (await create(seed.childDocument, 'The speed widget blinks above the limit', [seed.requirement])).id;
  ids.check = (await create(verification.id, 'Check the speed readout', [seed.linkedChild, ids.blink])).id;
  ids.test = (await create(verification.id, 'Speed readout test', [seed.linkedChild], 'test')).id;
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

const requirementUrl = (id: number) => `${seed.base}/detailed/requirement/${id}`;
const impact = (page: Page, title: string) => page.getByRole('region', { name: title });
const items = (list: Locator) => list.getByRole('listitem');

test('an alpha user sees everything downstream by level, the way each is reached, and the tests marked', async () => {
  await a.goto(requirementUrl(seed.requirement));
  const section = impact(a, 'Impact');
  await expect(section).toBeVisible();
  const children = section.getByRole('list', { name: 'Downstream, level 1' });
  const level2 = section.getByRole('list', { name: 'Downstream, level 2' });
  await expect(items(children)).toHaveCount(2);
  await expect(items(level2)).toHaveCount(2);
  await expect(items(children).nth(0)).toHaveText(/^SD_001The speed widget renders the speedviaSR_I_001$/);
  await expect(items(children).nth(1)).toHaveText(/^SD_003The speed widget blinks above the limitviaSR_I_001$/);
  // The check is below both children: listed once, through the first.
  await expect(items(level2).nth(0)).toHaveText(/^VT_001Check the speed readoutviaSD_001$/);
  await expect(items(level2).nth(1)).toHaveText(/^VT_002Speed readout testTestviaSD_001$/);
  await expect(items(level2).nth(1).getByText('Test', { exact: true })).toBeVisible();
  await expect(items(level2).nth(0).getByText('Test', { exact: true })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await snap(a, 'impact-01-en');
  const violations = await seriousViolations(a);
  expect(violations, describeViolations('impact (en)', violations)).toEqual([]);

  // A requirement of the list leads to its view, whose impact is empty.
  await items(level2).nth(0).getByRole('link', { name: 'Check the speed readout' }).click();
  await expect(a).toHaveURL(new RegExp(`/detailed/requirement/${ids.check}$`));
  await expect(impact(a, 'Impact')).toContainText(
    'Nothing is downstream of this requirement: it has no child requirement.',
  );
});

test('a member without the alpha flag sees no test, in French', async () => {
  await b.goto(requirementUrl(seed.requirement));
  const section = impact(b, 'Impact');
  await expect(section.getByRole('list', { name: 'En aval, niveau 1' })).toBeVisible();
  const level2 = section.getByRole('list', { name: 'En aval, niveau 2' });
  await expect(items(level2)).toHaveCount(1);
  await expect(items(level2).first()).toHaveText(/^VT_001Check the speed readoutparSD_001$/);
  await expect(section.getByText('Speed readout test')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await snap(b, 'impact-02-fr');
});
