import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Tests (alpha; decisions §16) as a person uses them: an alpha user creates a test from the categories tree, writes
// its steps, plays it on the pass path and on the fail path, sees the end dialog and the runs in the test view, and
// moves on to the next test; a member without the flag sees no test anywhere.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const TEST_NAME = 'The speed shows at start-up';
const NEXT_TEST_NAME = 'The altitude shows at start-up';
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let ada: TestUser;
let bob: TestUser;
let a: Page;
let b: Page;
let testUrl = '';
let testId = 0;
let nextTestId = 0;

const member = (browser: Browser, baseURL: string | undefined, user: TestUser, alpha = false) =>
  memberPage(browser, user, { contexts, alpha, context: { baseURL, locale: 'en-US' } });

test.beforeAll(async ({ browser, baseURL }) => {
  ada = newUser('ada', 'Ada Lovelace');
  bob = newUser('bob', 'Bob Kahn');
  a = await member(browser, baseURL, ada, true);
  seed = await seedProject(a.context(), stamp);
  b = await member(browser, baseURL, bob);
  await apiCall(b.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
    token: seed.project.join_token,
  });
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

const stepField = (page: Page, what: 'Action' | 'Expected result', n: number) =>
  page.getByRole('textbox', { name: `${what} of step ${n}`, exact: true });

/**
 * The run's duration in the end dialog shows on one line and whole: "00 : 00 : 37" wrapped onto two lines in its
 * half of the dialog (issue 31).
 */
async function expectDurationOnOneLine(end: Locator): Promise<void> {
  const duration = end.getByText(/^\d\d : \d\d : \d\d$/);
  await expect(duration).toBeVisible();
  const measured = await duration.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    overflow: element.scrollWidth - element.clientWidth,
  }));
  expect(measured.height, 'the height of one line').toBeLessThanOrEqual(measured.lineHeight + 1);
  expect(measured.overflow, 'the width it overflows').toBeLessThanOrEqual(0);
}

test('an alpha user creates a test from the categories tree and writes its steps', async () => {
  await a.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  const tree = a.getByRole('list', { name: 'Categories' });
  await tree.getByRole('button', { name: 'Add a test to Interface' }).click();
  const dialog = a.getByRole('dialog', { name: 'New test' });
  // Tests always offer the auto-name box.
  await expect(dialog.getByRole('checkbox', { name: /Name after the first paragraph/ })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Previously passed tests' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(TEST_NAME);
  await dialog.getByRole('button', { name: 'Create the test' }).click();
  await expect(dialog).toHaveCount(0);
  // A new test opens in its view.
  await expect(a).toHaveURL(/\/detailed\/requirement\/\d+$/);
  testUrl = new URL(a.url()).pathname;
  testId = Number(testUrl.split('/').pop());
  await expect(a.getByRole('heading', { level: 1, name: new RegExp(TEST_NAME) })).toBeAttached();
  await expect(a.getByRole('button', { name: 'Copy', exact: true })).toBeDisabled();
  // Without runs it is deleted like a requirement (decisions §16).
  await expect(a.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await expect(a.getByRole('button', { name: 'Start the test' })).toBeDisabled();

  for (let i = 0; i < 3; i++) await a.getByRole('button', { name: 'Add a step' }).click();
  await stepField(a, 'Action', 1).fill('Switch the display on');
  await stepField(a, 'Expected result', 1).fill('The start screen shows');
  await stepField(a, 'Action', 2).fill('Wait for the self-test');
  await stepField(a, 'Action', 3).fill('Read the speed');
  await stepField(a, 'Expected result', 3).fill('The speed reads 0 kt');
  await expect(a.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
  await expect(a.getByRole('button', { name: 'Move step 3 down' })).toBeDisabled();
  // Reordering: the last step up and back down again.
  await a.getByRole('button', { name: 'Move step 3 up' }).click();
  await expect(stepField(a, 'Action', 2)).toHaveValue('Read the speed');
  await a.getByRole('button', { name: 'Move step 2 down' }).click();
  await expect(stepField(a, 'Action', 3)).toHaveValue('Read the speed');
  await a.getByRole('button', { name: 'Save the steps' }).click();
  await expect(a.getByText('Steps saved')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Save the steps' })).toBeDisabled();

  // The steps are the test's on the server.
  const saved = await data<{ steps: { step: number; description: string }[] }>(
    a.context().request.get(`/api/requirements/${testId}`),
  );
  expect(saved.steps.map((s) => s.description)).toEqual([
    'Switch the display on',
    'Wait for the self-test',
    'Read the speed',
  ]);

  // A second test after it in the document, for "run the next test".
  const next = await data<{ id: number }>(
    apiCall(a.context(), 'POST', 'requirements', {
      document_id: seed.parentDocument,
      category_id: seed.category,
      name: NEXT_TEST_NAME,
      description: '<p>Second test.</p>',
      type: 'test',
      test: true,
      steps: [{ step: 1, description: 'Read the altitude', expectedResult: 'It reads 0 ft' }],
    }),
  );
  nextTestId = next.id;

  // It is listed with the requirements, copy and delete disabled there too.
  await a.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  const table = a.getByRole('table', { name: /^Requirements of / });
  await expect(table).toContainText(TEST_NAME);
  const reference = (await a.getByRole('link', { name: TEST_NAME }).first().getAttribute('href')) ?? '';
  expect(reference).toContain(`/requirement/${testId}`);
});

test('it plays the test on the pass path: stopwatch, pause, resume by setting a step, the end dialog', async () => {
  await a.goto(testUrl);
  await a.getByRole('link', { name: 'Start the test' }).click();
  await expect(a).toHaveURL(new RegExp(`/playtest/${testId}$`));
  const status = a.getByRole('status').filter({ hasText: /steps set/ });
  await expect(status).toHaveText('Not started: 0 of 3 steps set');
  await expect(a.getByRole('button', { name: 'Step 1: OK' })).toBeDisabled();

  await a.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(status).toHaveText('In progress: 0 of 3 steps set');
  // Only steps up to the current one can be set; step 2 has no expected result: it is only done.
  await expect(a.getByRole('button', { name: 'Step 1: OK' })).toBeEnabled();
  await expect(a.getByRole('button', { name: 'Step 2: done' })).toBeDisabled();
  await expect(a.getByRole('button', { name: 'Step 3: OK' })).toBeDisabled();
  await expect(a.getByRole('timer', { name: 'Stopwatch' })).toHaveText('00 : 00 : 01', { timeout: 3000 });

  await a.getByRole('button', { name: 'Step 1: OK' }).click();
  await a.getByRole('textbox', { name: 'Observation of step 1' }).fill('Came up in 2 s');
  await a.getByRole('button', { name: 'Step 2: done' }).click();
  await a.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toHaveText('Paused: 2 of 3 steps set');
  const paused = await a.getByRole('timer', { name: 'Stopwatch' }).textContent();
  await a.waitForTimeout(1500);
  await expect(a.getByRole('timer', { name: 'Stopwatch' })).toHaveText(paused ?? '');
  await a.screenshot({ path: '/tmp/player.png', fullPage: true });
  await snap(a, 'tests-01-player-paused-en');

  // Setting a step while paused resumes; the last one ends the run.
  await a.getByRole('button', { name: 'Step 3: OK' }).click();
  const end = a.getByRole('dialog', { name: /Test passed/ });
  await expect(end).toBeVisible();
  await expect(end).toContainText('100 %');
  await expect(end).toContainText('The run is kept with the test.');
  await expectDurationOnOneLine(end);
  await expect(end.getByRole('link', { name: 'Run the next test' })).toBeVisible();
  await snap(a, 'tests-02-end-pass-en');
  await end.getByRole('link', { name: 'Back to the detailed view' }).click();

  await expect(a).toHaveURL(new RegExp(`${testUrl}$`));
  const runs = a.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('row')).toHaveCount(2);
  await expect(runs).toContainText('Ada Lovelace');
  await expect(runs).toContainText('Pass');
  await expect(runs).toContainText('100 %');
  // The test took the run's statuses.
  await expect(a.getByRole('table', { name: 'Steps' })).toContainText('OK');
});

test('it plays the test on the fail path, then runs the next test', async () => {
  await a.goto(`${seed.base}/playtest/${testId}`);
  // A fresh start clears the statuses and observations of the last run.
  await a.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(a.getByRole('textbox', { name: 'Observation of step 1' })).toHaveValue('');
  await a.getByRole('button', { name: 'Step 1: OK' }).click();
  await a.getByRole('button', { name: 'Step 2: done' }).click();
  await a.getByRole('textbox', { name: 'Observation of step 3' }).fill('The speed reads 3 kt');
  await a.getByRole('button', { name: 'Step 3: not OK' }).click();
  const end = a.getByRole('dialog', { name: /Test failed/ });
  await expect(end).toBeVisible();
  await expect(end).toContainText('50 %');
  await expect(end).toContainText('The run is kept with the test.');
  await expectDurationOnOneLine(end);
  await snap(a, 'tests-03-end-fail-en');

  await end.getByRole('link', { name: 'Run the next test' }).click();
  await expect(a).toHaveURL(new RegExp(`/playtest/${nextTestId}$`));
  await expect(a.getByRole('heading', { level: 1, name: new RegExp(NEXT_TEST_NAME) })).toBeVisible();
  await expect(a.getByRole('status').filter({ hasText: /steps set/ })).toHaveText('Not started: 0 of 1 steps set');

  await a.goto(testUrl);
  const runs = a.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('row')).toHaveCount(3);
  // Newest first.
  await expect(runs.getByRole('row').nth(1)).toContainText('Fail');
  await expect(runs.getByRole('row').nth(1)).toContainText('50 %');
  await expect(runs.getByRole('row').nth(2)).toContainText('Pass');
  await a.screenshot({ path: '/tmp/test-view.png', fullPage: true });
  await snap(a, 'tests-04-test-view-en');
});

test('a test with runs is kept and says why; one without runs is deleted; a test says what it covers', async () => {
  const shot = (name: string) => snap(a, name);
  for (const lang of ['en', 'fr'] as const) {
    await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang } });
    await a.goto(testUrl);
    const remove = a.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Supprimer', exact: true });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      lang === 'en'
        ? 'This test has runs, which are kept as evidence: it cannot be deleted.'
        : 'Ce test a des exécutions, gardées comme preuves : il ne peut pas être supprimé.',
    );
    await remove.locator('xpath=..').hover();
    await expect(a.getByRole('tooltip')).toBeVisible();
    await shot(`issue31-test-with-runs-${lang}`);
  }
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });

  // A test in the child document, linked under the parent requirement: it covers it.
  const covering = await data<{ id: number }>(
    apiCall(a.context(), 'POST', 'requirements', {
      document_id: seed.childDocument,
      name: 'The speed test covers its requirement',
      type: 'test',
      steps: [{ step: 1, description: 'Read the speed', expectedResult: 'It reads 0 kt' }],
    }),
  );
  await apiCall(a.context(), 'PUT', `requirements/${covering.id}`, { parents_id: [seed.requirement] });
  await a.goto(`${seed.base}/detailed/requirement/${covering.id}`);
  const traceability = a.getByRole('region', { name: 'Traceability' });
  await expect(traceability).toContainText('Covers 1 requirement');
  await expect(traceability).not.toContainText('Not covered');
  await expect(traceability.getByRole('list', { name: 'Parents' }).getByRole('listitem')).toHaveCount(1);
  await shot('issue31-test-covers-en');

  // Without runs, it is deleted from its view and leaves for its place.
  await a.getByRole('button', { name: 'Delete', exact: true }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(a).toHaveURL(new RegExp(`/detailed/document/${seed.childDocument}$`));
  const gone = await a.context().request.get(`/api/requirements/${covering.id}`);
  expect(gone.status()).toBe(404);
});

test('a member without the alpha flag sees no test anywhere', async () => {
  await b.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
  const table = b.getByRole('table', { name: /^Requirements of / });
  await expect(table).toContainText('The screen shall show the speed');
  await expect(table).not.toContainText(TEST_NAME);
  await expect(b.getByRole('button', { name: /Add a test/ })).toHaveCount(0);

  await b.goto(`${seed.base}/detailed/category/${seed.category}`);
  await expect(b.getByRole('heading', { level: 1, name: 'Interface' })).toBeVisible();
  await expect(b.getByText(TEST_NAME)).toHaveCount(0);
  await expect(b.getByRole('button', { name: /Add a test/ })).toHaveCount(0);

  // The test's own address leads to its place; the player's to the overview.
  await b.goto(testUrl);
  await expect(b).toHaveURL(new RegExp(`/detailed/category/${seed.category}$`));
  await b.goto(`${seed.base}/playtest/${testId}`);
  await expect(b).toHaveURL(new RegExp(`${seed.base}$`));

  // And the server refuses them a test.
  const refused = await b.context().request.get(`/api/requirements/testruns/${testId}`);
  expect(refused.status()).toBe(403);
});

test('the player without a test: the choice of the project’s tests, for alpha users only', async () => {
  await b.goto(`${seed.base}/playtest`);
  await expect(b).toHaveURL(new RegExp(`${seed.base}$`));
  await a.goto(`${seed.base}/playtest`);
  await expect(a.getByRole('heading', { level: 1, name: 'Choose a test to run' })).toBeVisible();
  await expect(a.getByRole('link', { name: new RegExp(TEST_NAME) })).toBeVisible();
  await expect(a.getByRole('link', { name: new RegExp(NEXT_TEST_NAME) })).toBeVisible();
});

test('in French, in a small window, the end dialog keeps the duration on one line', async () => {
  await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  try {
    // A test of its own, so that this check runs alone too (-g).
    const lamp = await data<{ id: number }>(
      apiCall(a.context(), 'POST', 'requirements', {
        document_id: seed.childDocument,
        name: 'The lamp lights',
        type: 'test',
        steps: [{ step: 1, description: 'Switch it on', expectedResult: 'It lights' }],
      }),
    );
    await a.setViewportSize({ width: 800, height: 600 });
    await a.goto(`${seed.base}/playtest/${lamp.id}`);
    await a.getByRole('button', { name: 'Démarrer', exact: true }).click();
    await a.getByRole('button', { name: 'Étape 1 : OK' }).click();
    const end = a.getByRole('dialog', { name: /Test réussi/ });
    await expect(end).toContainText('L’exécution est enregistrée avec le test.');
    await expectDurationOnOneLine(end);
    await snap(a, 'tests-05-end-pass-fr');
  } finally {
    await apiCall(a.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
  }
});
