import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './support/axe';
import { linkFromNewestMail } from './support/outbox';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, memberPage, newUser, type TestUser } from './support/users';

// Reviews and electronic signatures (decisions §23), as the people of a team do it: Edith (editor) starts a review
// of the system requirements with Bob as approver and Ada as reviewer; Bob gets the mail, opens the review, gives a
// verdict on each requirement, asks a question, and signs with his password (a wrong one first); the review shows
// approved, live on Edith's page too. Vera (viewer) reads it without a verdict button. Ada sees it in French.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// Four people at once on a shared machine: a start takes a baseline and sends mails, and each write reaches the
// other pages through the realtime channel. A longer wait than the suite's 10 s, not a slower product.
const expect = baseExpect.configure({ timeout: 20_000 });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const ada = newUser('ada', 'Ada Lovelace');
const edith = newUser('edith', 'Edith Clarke');
const bob = newUser('bob', 'Bob Kahn');
const vera = newUser('vera', 'Vera Rubin');
const TITLE = 'Release 1 sign-off';
const contexts: BrowserContext[] = [];
let seed: SeededProject;
let pages: Record<'ada' | 'edith' | 'bob' | 'vera', Page>;
let reviewPath = '';

const member = (browser: Browser, baseURL: string | undefined, user: TestUser) =>
  memberPage(browser, user, { contexts, context: { baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' } });

async function userId(page: Page): Promise<number> {
  return (await data<{ id: number }>(page.context().request.get('/api/user'))).id;
}

const item = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });
const participants = (page: Page) => page.getByRole('list', { name: `Progress of the participants of ${TITLE}` });

test.beforeAll(async ({ browser, baseURL }) => {
  // Four accounts, each confirmed by mail and logged in, and a seeded project: longer than one test's minute.
  test.setTimeout(180_000);
  const adaPage = await member(browser, baseURL, ada);
  seed = await seedProject(adaPage.context(), stamp);
  const joined = {
    edith: await member(browser, baseURL, edith),
    bob: await member(browser, baseURL, bob),
    vera: await member(browser, baseURL, vera),
  };
  // The join link makes editors (the project's default); Ada makes Bob a reviewer and Vera a viewer.
  for (const page of Object.values(joined))
    await apiCall(page.context(), 'POST', `projects/join/${seed.project.namespace}/${seed.project.slug}`, {
      token: seed.project.join_token,
    });
  await apiCall(adaPage.context(), 'PUT', `projects/members/${seed.project.id}/${await userId(joined.bob)}`, {
    role: 'reviewer',
  });
  await apiCall(adaPage.context(), 'PUT', `projects/members/${seed.project.id}/${await userId(joined.vera)}`, {
    role: 'viewer',
  });
  pages = { ada: adaPage, ...joined };
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('an editor starts a review; the approver gets the mail, gives verdicts and feedback, and signs', async () => {
  const { edith: editor, bob: approver } = pages;

  await test.step('the editor starts the review from the Reviews view', async () => {
    await editor.goto(seed.base);
    await editor.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(editor).toHaveURL(new RegExp(`${seed.base}/reviews$`));
    await expect(editor.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await editor.getByRole('button', { name: 'Start review' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Start a review' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The system requirements before release 1.');
    await dialog.getByRole('checkbox', { name: /System Requirements/ }).check();
    // Members of role reviewer and above are offered; the viewer is not.
    await expect(dialog.getByRole('checkbox', { name: vera.name })).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: bob.name }).check();
    await dialog.getByRole('combobox', { name: `Role of ${bob.name} in the review` }).selectOption('approver');
    await dialog.getByRole('checkbox', { name: ada.name }).check();
    await dialog.getByLabel('Due date').fill('2030-01-31');
    await snap(editor, 'reviews-01-start');
    await dialog.getByRole('button', { name: 'Start the review' }).click();
    await expect(editor).toHaveURL(new RegExp(`${seed.base}/reviews/\\d+$`));
    await expect(editor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    reviewPath = new URL(editor.url()).pathname;
    await expect(item(editor, 'The screen shall show the speed')).toBeVisible();
    await expect(editor.getByRole('article')).toHaveCount(2);
  });

  await test.step('the approver has a mail with the link to the review', async () => {
    const reviewId = reviewPath.split('/').pop() ?? '';
    const link = await linkFromNewestMail(bob.email, new RegExp(`/reviews/${reviewId}\\b`));
    expect(link).toContain(`/reviews/${reviewId}`);
  });

  await test.step('the approver finds it in the list with the progress of each participant', async () => {
    await approver.goto(`${seed.base}/reviews`);
    const row = approver.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toContainText('Open');
    await expect(row).toContainText('0 of 2 verdicts');
    await expect(row).toContainText('0 of 2 participants signed');
    await snap(approver, 'reviews-02-list');
    const violations = await seriousViolations(approver);
    expect(violations, describeViolations('reviews list', violations)).toEqual([]);
    await row.getByRole('link', { name: TITLE }).click();
    await expect(approver).toHaveURL(new RegExp(`${reviewPath}$`));
  });

  await test.step('verdicts on each requirement, one with a comment; the editor sees the progress live', async () => {
    const speed = item(approver, 'The screen shall show the speed');
    await speed.getByRole('textbox', { name: 'Comment on my verdict' }).fill('Clear and testable');
    await speed.getByRole('button', { name: 'Approve' }).click();
    await expect(speed.getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-pressed', 'true');
    await expect(speed.getByRole('list', { name: /^Verdicts on / })).toContainText(`${bob.name}: approved`);
    const stop = item(approver, 'The system shall stop safely');
    await stop.getByRole('button', { name: 'Approve' }).click();
    await expect(stop.getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-pressed', 'true');
    // No reload on the editor's side: ReviewUpdated reads the review again.
    await expect(participants(editor).getByRole('listitem').filter({ hasText: bob.name })).toContainText(
      '2 of 2 verdicts',
    );
  });

  await test.step('a question on a requirement, which the editor (moderator) resolves', async () => {
    const speed = item(approver, 'The screen shall show the speed');
    await speed.getByRole('button', { name: 'Add feedback' }).click();
    await speed.getByRole('combobox', { name: 'Kind of feedback' }).selectOption('question');
    await speed.getByRole('textbox', { name: 'Your feedback' }).fill('Ground speed or air speed?');
    await speed.getByRole('button', { name: 'Send feedback' }).click();
    await expect(speed.getByRole('list', { name: /^Feedback on / })).toContainText('Ground speed or air speed?');
    const thread = item(editor, 'The screen shall show the speed').getByRole('list', { name: /^Feedback on / });
    await expect(thread).toContainText('Question');
    await thread.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(thread).toContainText('Resolved');
    await snap(approver, 'reviews-03-review');
  });

  await test.step('signing says what it means, refuses a wrong password, and signs with the right one', async () => {
    await approver.getByRole('button', { name: 'Sign this review' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Sign the review electronically' });
    await expect(dialog).toContainText('legally binding electronic signature');
    await expect(dialog).toContainText('SHA-256');
    await expect(dialog).toContainText('It can only be revoked');
    await dialog.getByRole('radio', { name: 'Approved' }).check();
    const password = dialog.getByRole('textbox', { name: 'Your password' });
    await password.fill('not my password');
    await snap(approver, 'reviews-04-sign');
    const violations = await seriousViolations(approver);
    expect(violations, describeViolations('sign dialog', violations)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign electronically' }).click();
    // The refused password is marked invalid (aria-invalid, which PasswordField adds to Mantine's data-invalid), and
    // Mantine ties the error to it by aria-describedby.
    await expect(password).toHaveAttribute('data-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveValue('');
    await expect(approver.getByRole('region', { name: 'Signatures' })).toContainText('No signature yet.');
    await password.fill(bob.password);
    await dialog.getByRole('button', { name: 'Sign electronically' }).click();
    await expect(dialog).toHaveCount(0);
    const signatures = approver.getByRole('list', { name: 'Signatures' });
    await expect(signatures.getByRole('listitem')).toHaveCount(1);
    await expect(signatures).toContainText(bob.name);
    await expect(signatures).toContainText('Approved');
    await expect(signatures.locator('[data-content-hash]')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(approver.getByRole('button', { name: 'Sign this review' })).toHaveCount(0);
  });

  await test.step('every approver signed: the review is approved, on the editor’s page too', async () => {
    for (const page of [approver, editor])
      await expect(page.locator('main [data-review-state="approved"]').first()).toContainText('Approved');
    await snap(approver, 'reviews-05-approved');
    const violations = await seriousViolations(approver);
    expect(violations, describeViolations('review page', violations)).toEqual([]);
  });

  await test.step('the review exports to Word with its feedback and its signature page', async () => {
    const [download] = await Promise.all([
      approver.waitForEvent('download'),
      approver.getByRole('button', { name: 'Export to Word' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const bytes = await readFile(await download.path());
    const body = strFromU8(unzipSync(new Uint8Array(bytes))['word/document.xml']!);
    expect(body).toContain(TITLE);
    expect(body).toContain('Ground speed or air speed?');
    const hash = await approver.getByRole('list', { name: 'Signatures' }).locator('[data-content-hash]').innerText();
    expect(body).toContain(hash.trim());
  });

  await test.step('the document view shows its last approved baseline, then that it changed since', async () => {
    await editor.goto(`${seed.base}/detailed/document/${seed.parentDocument}`);
    const banner = editor.getByTestId('document-approval');
    await expect(banner).toContainText(`Approved in the review “${TITLE}”`);
    await expect(banner).toContainText('the document has not changed since');
    await expect(banner.getByRole('link', { name: TITLE })).toHaveAttribute('href', reviewPath);
    await apiCall(pages.ada.context(), 'PUT', `requirements/${seed.requirement}`, {
      name: 'The screen shall show the ground speed',
    });
    // Live: the rename reaches the open document, which reads its approval again.
    await expect(banner).toContainText('the document has changed since');
    await snap(editor, 'reviews-06-document-changed');
    // The review still shows what was reviewed.
    await editor.goto(reviewPath);
    await expect(item(editor, 'The screen shall show the speed')).toBeVisible();
    await expect(editor.getByText('The screen shall show the ground speed')).toHaveCount(0);
  });
});

test('a viewer reads the review without verdict, feedback or sign controls', async () => {
  const viewer = pages.vera;
  await viewer.goto(reviewPath);
  await expect(viewer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(item(viewer, 'The screen shall show the speed')).toContainText('Ground speed or air speed?');
  for (const name of ['Approve', 'Reject', 'Add feedback', 'Sign this review', 'Close review', 'Republish'])
    await expect(viewer.getByRole('button', { name }), name).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Export to Word' })).toBeVisible();
  await viewer.goto(`${seed.base}/reviews`);
  await expect(viewer.getByRole('row').filter({ hasText: TITLE })).toContainText('Approved');
  await expect(viewer.getByRole('button', { name: 'Start review' })).toHaveCount(0);
});

test('in French: the list, the review and the sign dialog', async () => {
  const page = pages.ada;
  await apiCall(page.context(), 'PUT', 'user/preferences', { preferences: { lang: 'fr' } });
  try {
    await page.goto(`${seed.base}/reviews`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Revues' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: TITLE })).toContainText('Approuvée');
    await snap(page, 'reviews-07-list-fr');
    await page.goto(reviewPath);
    await expect(page.getByRole('heading', { name: 'Exigences revues' })).toBeVisible();
    await snap(page, 'reviews-08-review-fr');
    await page.getByRole('button', { name: 'Signer cette revue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signer la revue électroniquement' });
    await expect(dialog).toContainText('signature électronique juridiquement contraignante');
    await expect(dialog).toContainText('SHA-256');
    await expect(dialog.getByRole('radio', { name: 'Relu' })).toBeVisible();
    await snap(page, 'reviews-09-sign-fr');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await apiCall(page.context(), 'PUT', 'user/preferences', { preferences: { lang: 'en' } });
  }
});
