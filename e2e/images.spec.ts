import { expect, test, type Locator, type Page } from '@playwright/test';
import { snap } from './support/screenshot';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, newUser, signUpAndLogIn } from './support/users';

// Images in rich text (issue 10 §2, spec 2 rich-text editor): pasted or dropped into a requirement's description,
// uploaded to the project, saved, and shown wherever the description is read; a file over 2 MB gets the alert and
// is not uploaded, nor is a file that is not an image.
test.describe.configure({ mode: 'serial' });

const LIMIT = 2_097_152;
const ATTACHMENT_SRC = /^\/api\/attachments\/[\w-]+\.(png|jpg)$/;

/** A file made in the page: a picture drawn on a canvas, or bytes of a given size that start as given. */
type FileSpec =
  | { kind: 'picture'; name: string; type: 'image/png' | 'image/jpeg'; width: number; height: number; label: string }
  | { kind: 'bytes'; name: string; type: string; size: number; head: number[] | string };

/** Pastes (a ClipboardEvent) or drops (a DragEvent near the end of the text) a file into the editor. */
async function putFile(editor: Locator, how: 'paste' | 'drop', spec: FileSpec): Promise<void> {
  await editor.evaluate(
    async (element, { how, spec }) => {
      let blob: Blob;
      if (spec.kind === 'picture') {
        const canvas = document.createElement('canvas');
        canvas.width = spec.width;
        canvas.height = spec.height;
        const g = canvas.getContext('2d')!;
        const gradient = g.createLinearGradient(0, 0, spec.width, 0);
        gradient.addColorStop(0, '#1c4e80');
        gradient.addColorStop(1, '#4f9fd8');
        g.fillStyle = gradient;
        g.fillRect(0, 0, spec.width, spec.height);
        g.fillStyle = '#ffffff';
        g.font = `bold ${Math.round(spec.height / 4)}px sans-serif`;
        g.fillText(spec.label, spec.height / 4, (spec.height * 5) / 8);
        blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), spec.type, 0.9));
      } else {
        const bytes = new Uint8Array(spec.size);
        bytes.set(typeof spec.head === 'string' ? new TextEncoder().encode(spec.head) : spec.head);
        blob = new Blob([bytes]);
      }
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], spec.name, { type: spec.type }));
      if (how === 'paste') {
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      } else {
        const box = element.getBoundingClientRect();
        const at = { clientX: box.left + box.width / 2, clientY: box.bottom - 8 };
        element.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, ...at }),
        );
      }
    },
    { how, spec },
  );
}

/** Waits until the image has really loaded from the server (not a broken image): answers its natural width. */
async function loadedWidth(image: Locator): Promise<number> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

let page: Page;
let seeded: SeededProject;
const uploads: string[] = [];
const editor = () => page.getByRole('textbox', { name: 'Description' });
const status = () => page.getByRole('status').filter({ hasText: /Connecting|saved|Saving|Cannot edit/ });
const requirementPath = () => `${seeded.base}/detailed/requirement/${seeded.requirement}`;
const savedDescription = async () =>
  (await data<{ description: string }>(page.context().request.get(`/api/requirements/${seeded.requirement}`)))
    .description;
const isUpload = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/api/attachments';

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  const user = newUser('iris', 'Iris Imager');
  await signUpAndLogIn(page, user);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  seeded = await seedProject(context, stamp);
  page.on('request', (request) => {
    if (isUpload(request.url(), request.method())) uploads.push(request.url());
  });
});

test.afterAll(async () => {
  await page.context().close();
});

test('a pasted image is uploaded into the shared description and written back with it', async () => {
  await page.goto(requirementPath());
  await expect(status()).toHaveText('All changes saved');
  await editor().click();
  await page.keyboard.press('Control+End');
  const uploaded = page.waitForResponse((r) => isUpload(r.url(), r.request().method()));
  await putFile(editor(), 'paste', {
    kind: 'picture',
    name: 'speed-gauge.png',
    type: 'image/png',
    width: 320,
    height: 120,
    label: 'Speed gauge',
  });
  expect((await uploaded).status()).toBe(201);
  const image = editor().locator('img');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('src', ATTACHMENT_SRC);
  await expect(image).toHaveAttribute('alt', 'speed-gauge.png');
  expect(await loadedWidth(image)).toBe(320);
  // The server writes the shared document back to the description, the image kept by its sanitiser.
  await expect.poll(savedDescription).toMatch(/<img src="\/api\/attachments\/[\w-]+\.png" alt="speed-gauge\.png" \/>/);
  await expect(status()).toHaveText('All changes saved');
  await snap(page, 'images-01-pasted-in-editor');
});

test('a dropped image is uploaded and inserted where it was dropped', async () => {
  const before = uploads.length;
  // Wider than the editor: it is shown at the editor's width.
  await putFile(editor(), 'drop', {
    kind: 'picture',
    name: 'cockpit.jpg',
    type: 'image/jpeg',
    width: 1600,
    height: 400,
    label: 'Cockpit layout (1600 × 400)',
  });
  const images = editor().locator('img');
  await expect(images).toHaveCount(2);
  await expect(images.nth(1)).toHaveAttribute('src', /\.jpg$/);
  expect(await loadedWidth(images.nth(1))).toBe(1600);
  const shown = await images.nth(1).boundingBox();
  const frame = await editor().boundingBox();
  expect(shown!.width).toBeLessThanOrEqual(frame!.width);
  expect(uploads.length).toBe(before + 1);
  await expect.poll(async () => (await savedDescription()).match(/<img /g)?.length ?? 0).toBe(2);
  await snap(page, 'images-02-dropped-in-editor');
});

test('a file over 2 MB gets the alert and nothing is uploaded; nor is a file that is not an image', async () => {
  const before = uploads.length;
  await putFile(editor(), 'paste', {
    kind: 'bytes',
    name: 'huge-scan.png',
    type: 'image/png',
    size: LIMIT + 1,
    head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The file is too large (> 2MB).' })).toBeVisible();
  await snap(page, 'images-03-too-large-alert');

  await putFile(editor(), 'drop', {
    kind: 'bytes',
    name: 'notes.png',
    type: 'image/png',
    size: 64,
    head: 'These are notes, not a picture.',
  });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.png is not an image' })).toBeVisible();
  // Nothing left the browser, and the text is as it was.
  await page.waitForTimeout(300);
  expect(uploads.length).toBe(before);
  await expect(editor().locator('img')).toHaveCount(2);
  expect((await savedDescription()).match(/<img /g)).toHaveLength(2);
});

test('the images show after a reload, in a kept version and in the document table', async () => {
  await page.goto(requirementPath());
  await expect(status()).toHaveText('All changes saved');
  const images = editor().locator('img');
  await expect(images).toHaveCount(2);
  expect(await loadedWidth(images.first())).toBe(320);
  expect(await loadedWidth(images.nth(1))).toBe(1600);

  // A rename keeps the version with both images as a revision; its description opens read-only, in its dialog (the
  // list shows what changed as text, decisions §22).
  await apiCall(page.context(), 'PUT', `requirements/${seeded.requirement}`, {
    name: 'The screen shall show the speed gauge',
  });
  await page.reload();
  await page
    .getByRole('table', { name: 'Revisions' })
    .getByRole('button', { name: /^Open the version of/ })
    .first()
    .click();
  const versionImages = page.getByRole('dialog', { name: /^Version of/ }).locator('img');
  await expect(versionImages).toHaveCount(2);
  expect(await loadedWidth(versionImages.first())).toBe(320);
  expect(await loadedWidth(versionImages.nth(1))).toBe(1600);
  await versionImages.nth(1).scrollIntoViewIfNeeded();
  await snap(page, 'images-04-revision-read-only');

  // The document's table, the row expanded: the images at the row's width at most.
  await page.goto(`${seeded.base}/detailed/document/${seeded.parentDocument}`);
  const row = page.getByRole('row', { name: /SR_I_001/ });
  await row.getByRole('button', { name: 'Show the description of SR_I_001' }).click();
  const rowImages = row.locator('img');
  await expect(rowImages).toHaveCount(2);
  expect(await loadedWidth(rowImages.first())).toBe(320);
  expect(await loadedWidth(rowImages.nth(1))).toBe(1600);
  const rowBox = await row.boundingBox();
  const wide = await rowImages.nth(1).boundingBox();
  expect(wide!.width).toBeLessThanOrEqual(rowBox!.width);
  expect(wide!.width).toBeGreaterThan(100);
  await snap(page, 'images-05-table-expanded-row');
});

test("the document dialog's editor takes an image too, shown in the document's header", async () => {
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit the document' });
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.press('Control+End');
  await putFile(description, 'paste', {
    kind: 'picture',
    name: 'context.png',
    type: 'image/png',
    width: 480,
    height: 90,
    label: 'System context',
  });
  await expect(description.locator('img')).toHaveCount(1);
  expect(await loadedWidth(description.locator('img'))).toBe(480);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const header = page.locator('main').locator('img[alt="context.png"]');
  await expect(header).toHaveCount(1);
  expect(await loadedWidth(header)).toBe(480);
  await snap(page, 'images-06-document-header');
});
