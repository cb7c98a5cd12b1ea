import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser, json } from '../test/fakeBrowser';
import { uploadImage } from './attachments';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadImage', () => {
  it('posts the form with the CSRF header, fields before the file, and answers the image src', async () => {
    const { calls } = fakeBrowser(() => json(201, { fileName: 'AbCdEfGhIjKlMnOpQrSt.png' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'plan.png', { type: 'image/png' });
    await expect(uploadImage(7, file)).resolves.toBe('/api/attachments/AbCdEfGhIjKlMnOpQrSt.png');
    const call = calls.at(-1)!;
    expect(`${call.method} ${call.url}`).toBe('POST /api/attachments');
    expect(call.headers['X-XSRF-TOKEN']).toBe('tok+en');
    // No JSON type: the browser sets multipart/form-data with its boundary.
    expect(call.headers['Content-Type']).toBeUndefined();
    const form = call.body as FormData;
    expect([...form.keys()]).toEqual(['project_id', 'fileName', 'attachment']);
    expect(form.get('project_id')).toBe('7');
    expect((form.get('attachment') as File).name).toBe('plan.png');
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    fakeBrowser(() => json(413, { message: 'The file is too large (> 2MB).' }));
    const file = new File(['x'], 'big.png');
    await expect(uploadImage(7, file)).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large (> 2MB).',
    });
  });
});
