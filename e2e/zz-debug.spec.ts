import { test } from '@playwright/test';
import { snap } from './support/screenshot';
import { seedProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed } from './support/users';

test('debug', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const ada = newUser('ada', 'Ada Lovelace');
  await signUpConfirmed(context, ada);
  await markToursDone(context);
  const seed = await seedProject(context, `d${Date.now().toString(36)}`);
  const me = ((await (await context.request.get('/api/user')).json()) as { data: { id: number } }).data.id;
  const review = ((await (await apiCall(context, 'POST', 'reviews', { project_id: seed.project.id, title: 'Dbg', document_ids: [seed.parentDocument], participants: [{ user_id: me, role: 'approver' }] })).json()) as { data: { id: number } }).data;
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await logIn(page, ada);
  await page.goto(`${seed.base}/reviews/${review.id}`);
  await page.waitForTimeout(5000);
  console.log((await page.locator('main').innerText()).slice(0, 1500));
  await snap(page, 'debug-review');
});
