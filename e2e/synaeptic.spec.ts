import { expect, test, type Page } from '@playwright/test';
import { data, seedProject } from './support/seed';
import { snap } from './support/screenshot';
import { apiCall, logIn, newUser, signUpAndLogIn } from './support/users';

// The synaeptic view (issue 13): the project's traceability as a map. The links are drawn on a canvas, so the
// page says what it drew (`data-links-*` on the canvas, which is an image named by its counts) and each card
// describes its coverage and stale links for screen readers; those are what the steps below read.

const map = (page: Page) => page.getByRole('region', { name: 'Traceability map' });
const card = (page: Page, id: number) => page.locator(`[data-requirement="${id}"]`);
const links = (page: Page) => page.getByTestId('synaeptic-links');

test('the map: links and borders, selection, hide inactive, zoom, description, views, live status', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser('map', 'Mara Map');
  await signUpAndLogIn(page, user);
  const s = await seedProject(page.context(), `map${Date.now().toString(36)}`);
  // Parent document, no child requirement: not covered, bordered red.
  const uncovered = await data<{ id: number; reference: string }>(
    apiCall(page.context(), 'POST', 'requirements', {
      document_id: s.parentDocument,
      category_id: s.category,
      name: 'The display shall dim at night',
      description: '<p>The display shall dim at night.</p>',
    }),
  );
  const speed = await data<{ reference: string }>(page.context().request.get(`/api/requirements/${s.requirement}`));

  await test.step('the top bar toggle opens the map on the element in view', async () => {
    await page.goto(`${s.base}/detailed/requirement/${s.requirement}`);
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Synaeptic').click();
    await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
    await expect(map(page)).toBeVisible();
    await expect(card(page, s.requirement)).toHaveAttribute('aria-current', 'true');
    // A card is a link named by its reference first.
    await expect(page.getByRole('link', { name: new RegExp(`^${speed.reference} `) })).toBeVisible();
  });

  await test.step('the whole project: the stale link red, the uncovered card bordered red', async () => {
    await page.goto(`${s.base}/synaeptic`);
    await expect(links(page)).toHaveAttribute('data-links-red', '1');
    await expect(links(page)).toHaveAttribute('data-links-blue', '1');
    await expect(links(page)).toHaveAccessibleName('Links drawn: 1 up to date, 1 stale');
    await expect(card(page, s.staleChild)).toHaveAccessibleDescription(/1 stale link/);
    await expect(card(page, uncovered.id)).toHaveAttribute('data-border', 'red');
    await expect(card(page, uncovered.id)).toHaveCSS('border-top-color', 'rgb(201, 42, 42)');
    await expect(card(page, uncovered.id)).toHaveAccessibleDescription(/Not covered/);
    await expect(card(page, s.linkedChild)).toHaveAttribute('data-border', 'blue');
    await snap(page, 'map-01-project');
  });

  await test.step('selecting a requirement dims what is outside its trace', async () => {
    // Stacked under the next card of its category (overlapping is on): a person clicks the strip in sight.
    await card(page, s.requirement).click({ position: { x: 30, y: 8 } });
    await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
    await expect(card(page, s.requirement)).toHaveAttribute('aria-current', 'true');
    await expect(card(page, s.linkedChild)).not.toHaveAttribute('data-inactive');
    await expect(card(page, s.staleChild)).toHaveAttribute('data-inactive', 'true');
    await expect(card(page, uncovered.id)).toHaveAttribute('data-inactive', 'true');
    // Only the selected requirement's link stands out.
    await expect(links(page)).toHaveAttribute('data-links-red', '0');
    await expect(links(page)).toHaveAttribute('data-links-blue', '1');
  });

  await test.step('hide inactive leaves the rest out, and is kept in the preferences', async () => {
    const hide = page.getByRole('switch', { name: 'Hide inactive' });
    await expect(hide).not.toBeChecked();
    await hide.click();
    await expect(hide).toBeChecked();
    await expect(card(page, s.staleChild)).toHaveCount(0);
    await expect(card(page, uncovered.id)).toHaveCount(0);
    await expect(card(page, s.linkedChild)).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await data<{ preferences: { synaeptic: { hideInactive: boolean } } }>(
              page.context().request.get('/api/user'),
            )
          ).preferences.synaeptic.hideInactive,
      )
      .toBe(true);
    await hide.click();
    await expect(card(page, s.staleChild)).toBeVisible();
    // The map moves by its transform only: its box never scrolls, not even to show a focused card out of sight
    // (it did, and the legend, placed in its corner, then floated over the cards).
    const scrolled = await map(page).evaluate((box) => {
      box.scrollTop = 200;
      box.scrollLeft = 200;
      return box.scrollTop + box.scrollLeft;
    });
    expect(scrolled).toBe(0);
  });

  await test.step('the keyboard zooms by 5, the label shows the zoom', async () => {
    await expect(map(page)).toHaveAttribute('data-zoom', '50');
    await map(page).focus();
    await page.keyboard.press('+');
    await expect(map(page)).toHaveAttribute('data-zoom', '55');
    await expect(page.getByRole('status').filter({ hasText: 'Zoom 55 %' })).toBeVisible();
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect(map(page)).toHaveAttribute('data-zoom', '45');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map(page)).toHaveAttribute('data-zoom', '50');
  });

  await test.step('a second click on the selected card opens and closes its description', async () => {
    const selected = card(page, s.requirement);
    await selected.click();
    await expect(selected.locator('[data-description]')).toHaveText('The screen shall show the speed.');
    await expect(selected).toHaveAttribute('aria-expanded', 'true');
    await snap(page, 'map-02-description');
    await selected.click();
    await expect(selected.locator('[data-description]')).toHaveCount(0);
  });

  await test.step('to the detailed view and back, the element kept', async () => {
    const views = page.getByRole('radiogroup', { name: 'View' });
    await views.getByText('Detailed').click();
    await expect(page).toHaveURL(new RegExp(`/detailed/requirement/${s.requirement}$`));
    // The toggle shows the view it goes to at once, before the router's transition has rendered it (quick clicks:
    // the test below).
    await expect(views.getByRole('radio', { name: 'Detailed' })).toBeChecked();
    await views.getByText('Synaeptic').click();
    await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
    await expect(card(page, s.requirement)).toHaveAttribute('aria-current', 'true');
  });

  await test.step('a document card opens the document; a double click its requirements', async () => {
    const header = page.locator(`[data-document="${s.childDocument}"]`).getByRole('link');
    await header.click();
    await expect(page).toHaveURL(new RegExp(`/synaeptic/document/${s.childDocument}$`));
    await expect(card(page, s.linkedChild)).not.toHaveAttribute('data-inactive');
    await header.dblclick();
    await expect(page).toHaveURL(new RegExp(`/detailed/document/${s.childDocument}$`));
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
  });

  await test.step('a status changed in another browser reaches the map', async () => {
    await page.goto(`${s.base}/synaeptic`);
    await expect(links(page)).toHaveAttribute('data-links-red', '1');
    // A change that the map is seen to follow first: its subscription is live before the other browser acts.
    await apiCall(page.context(), 'PUT', `requirements/${uncovered.id}`, { name: 'The display shall dim at dusk' });
    await expect(card(page, uncovered.id)).toHaveAccessibleName(`${uncovered.reference} The display shall dim at dusk`);
    const other = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
    const second = await other.newPage();
    await logIn(second, user);
    await second.goto(`${s.base}/detailed/requirement/${s.requirement}`);
    await second.getByRole('button', { name: 'Mark as Written' }).click();
    await expect(second.getByRole('button', { name: 'Mark as Reviewed' })).toBeVisible();
    // The parent changed: its link to the child went stale, and its card shows its new status.
    await expect(card(page, s.requirement).getByTitle('Written')).toBeVisible();
    await expect(links(page)).toHaveAttribute('data-links-red', '2');
    await expect(links(page)).toHaveAttribute('data-links-blue', '0');
    await expect(card(page, s.linkedChild)).toHaveAccessibleDescription(/1 stale link/);
    await other.close();
  });
});

test('the toolbar covers nothing of the map: a document header can be seen and clicked at every zoom', async ({
  page,
}) => {
  const user = newUser('mapbar', 'Tobias Toolbar');
  await signUpAndLogIn(page, user);
  const s = await seedProject(page.context(), `mapbar${Date.now().toString(36)}`);
  await page.goto(`${s.base}/synaeptic`);
  const toolbar = page.getByRole('toolbar', { name: 'Map display' });
  const header = page.locator(`[data-document="${s.parentDocument}"]`).getByRole('link');
  await expect(header).toBeVisible();

  // The part of the header the map shows (it is clipped to the map) is all the header's: a press anywhere on it
  // reaches it, none is under the toolbar. Sampled along its edges and at its centre. Out of the region around the view,
  // the document is not in the page.
  const headerUncovered = () =>
    page.evaluate((id) => {
      const link = document.querySelector(`[data-document="${id}"] a`);
      const viewport = link?.closest('[role="region"]');
      if (!link || !viewport) return 'out of sight';
      const clip = viewport.getBoundingClientRect();
      const box = link.getBoundingClientRect();
      const left = Math.max(box.left, clip.left) + 4;
      const right = Math.min(box.right, clip.right) - 4;
      const top = Math.max(box.top, clip.top) + 4;
      const bottom = Math.min(box.bottom, clip.bottom) - 4;
      if (left >= right || top >= bottom) return 'out of sight';
      const [x, y] = [(left + right) / 2, (top + bottom) / 2];
      // The middles of its edges rather than its corners, which are rounded off.
      const points = [
        [x, top],
        [x, bottom],
        [left, y],
        [right, y],
        [x, y],
      ] as const;
      const covered = points.filter(([px, py]) => !link.contains(document.elementFromPoint(px, py)));
      return covered.length === 0 ? 'uncovered' : `covered at ${covered.map((p) => p.join(',')).join(' ')}`;
    }, s.parentDocument);

  for (const zoom of [55, 60, 65, 70, 75, 80, 85, 90, 95, 100]) {
    await toolbar.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map(page)).toHaveAttribute('data-zoom', String(zoom));
    await expect.poll(headerUncovered).toMatch(/^(uncovered|out of sight)$/);
  }
  // Zoomed in about the centre, the first column has gone up and left out of sight: a person moves the map to it,
  // until the whole header shows.
  const wayToHeader = () =>
    page.evaluate((id) => {
      const clip = document.querySelector('[role="region"][data-zoom]')!.getBoundingClientRect();
      const box = document.querySelector(`[data-document="${id}"] a`)?.getBoundingClientRect();
      return ['ArrowUp', 'ArrowLeft'].filter((key) =>
        key === 'ArrowUp' ? !box || box.top < clip.top : !box || box.left < clip.left,
      );
    }, s.parentDocument);
  await map(page).focus();
  for (let i = 0; i < 30; i++) {
    const keys = await wayToHeader();
    if (keys.length === 0) break;
    for (const key of keys) await page.keyboard.press(key);
  }
  await expect.poll(headerUncovered).toBe('uncovered');
  await snap(page, 'map-03-zoom-100');
  await header.click({ position: { x: 12, y: 8 } });
  await expect(page).toHaveURL(new RegExp(`/synaeptic/document/${s.parentDocument}$`));

  for (let zoom = 95; zoom >= 10; zoom -= 5) {
    await toolbar.getByRole('button', { name: 'Zoom out' }).click();
    await expect(map(page)).toHaveAttribute('data-zoom', String(zoom));
    await expect.poll(headerUncovered).toMatch(/^(uncovered|out of sight)$/);
    if (zoom === 50) await snap(page, 'map-04-zoom-50');
  }
});

test('two quick clicks on the view toggle: the second one wins, even while the first is on its way', async ({
  page,
}) => {
  const user = newUser('maptoggle', 'Quinn Quick');
  await signUpAndLogIn(page, user);
  const s = await seedProject(page.context(), `maptoggle${Date.now().toString(36)}`);
  await page.goto(`${s.base}/synaeptic/requirement/${s.requirement}`);
  await expect(card(page, s.requirement)).toHaveAttribute('aria-current', 'true');
  const views = page.getByRole('radiogroup', { name: 'View' });
  const centre = async (name: string) => {
    const box = (await views.getByText(name, { exact: true }).boundingBox())!;
    return [box.x + box.width / 2, box.y + box.height / 2] as const;
  };
  const detailed = await centre('Detailed');
  const synaeptic = await centre('Synaeptic');
  // Two presses as fast as a person's double take, with nothing waited for between them: the second comes while the
  // router's move to the first is still being rendered (a few hundred milliseconds on a busy machine).
  const quickly = async (...points: (readonly [number, number])[]) => {
    for (const [x, y] of points) await page.mouse.click(x, y);
  };

  await quickly(detailed, synaeptic);
  await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
  await expect(views.getByRole('radio', { name: 'Synaeptic' })).toBeChecked();
  await expect(card(page, s.requirement)).toHaveAttribute('aria-current', 'true');
  // Still there once every read and chunk the detailed view asked for has come.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(new RegExp(`/synaeptic/requirement/${s.requirement}$`));
  await expect(map(page)).toBeVisible();

  await quickly(detailed, synaeptic, detailed);
  await expect(page).toHaveURL(new RegExp(`/detailed/requirement/${s.requirement}$`));
  await expect(views.getByRole('radio', { name: 'Detailed' })).toBeChecked();
  await expect(map(page)).toHaveCount(0);
});
