import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_FILE_NAME, IMAGE_UPLOAD_LIMIT_BYTES } from '@reqloom/domain';
import { attachments } from '../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { gif, jpeg, padded, png, svg, text, webp } from '../../test/images';
import type { Agent } from '../../test/agent';
import type { FormPart } from '../../test/multipart';
import { workingArea } from '../../test/working-area';

let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  stranger = await t.signUp();
  projectId = (await workingArea(owner).project()).id;
});
afterAll(async () => {
  await t.close();
});

const form = (file: Buffer | null, options: { name?: string; type?: string; project?: number | string } = {}) => {
  const parts: FormPart[] = [
    { name: 'project_id', value: String(options.project ?? projectId) },
    { name: 'fileName', value: options.name ?? 'picture.png' },
  ];
  if (file) parts.push({ name: 'attachment', filename: options.name ?? 'picture.png', type: options.type, data: file });
  return parts;
};
const upload = (who: SignedUp | Agent, file: Buffer | null, options: Parameters<typeof form>[1] = {}) =>
  ('agent' in who ? who.agent : who).upload('/api/attachments', form(file, options));

/** Every stored row as it is, bytes included: what a refused call must leave as it was. */
const storedRows = () =>
  t.ctx.db
    .select({ id: attachments.id, fileName: attachments.fileName, data: attachments.data })
    .from(attachments)
    .orderBy(asc(attachments.id))
    .then((rows) => rows.map((r) => ({ ...r, data: Buffer.from(r.data).toString('base64') })));

describe('POST /api/attachments', () => {
  it.each([
    ['png', png(), 'image/png'],
    ['jpg', jpeg, 'image/jpeg'],
    ['gif', gif, 'image/gif'],
    ['webp', webp, 'image/webp'],
  ])('takes a %s by its bytes, whatever the name and declared type, and serves it back', async (ext, bytes, type) => {
    const res = await upload(owner, bytes, { name: 'scan.bin', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.data)).toEqual(['fileName']);
    expect(res.data.fileName).toMatch(ATTACHMENT_FILE_NAME);
    expect(res.data.fileName.endsWith(`.${ext}`)).toBe(true);

    const got = await owner.agent.get(`/api/attachments/${res.data.fileName}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(type);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });

  it('takes a PNG renamed .txt and declared as text as a PNG', async () => {
    const res = await upload(owner, png(), { name: 'notes.txt', type: 'text/plain' });
    expect(res.statusCode).toBe(201);
    expect(res.data.fileName).toMatch(/\.png$/);
    const got = await owner.agent.get(`/api/attachments/${res.data.fileName}`);
    expect(got.headers['content-type']).toBe('image/png');
  });

  it('keeps the name the file had, for the record', async () => {
    const res = await upload(owner, gif, { name: 'Plan du site.gif' });
    const stored = (await t.ctx.db.select().from(attachments)).find((a) => a.fileName === res.data.fileName)!;
    expect(stored).toMatchObject({
      projectId,
      authorId: owner.id,
      originalName: 'Plan du site.gif',
      contentType: 'image/gif',
      size: gif.length,
    });
  });

  it('takes exactly 2,097,152 bytes and refuses one more with 413, storing nothing', async () => {
    const exact = await upload(owner, padded(png(), IMAGE_UPLOAD_LIMIT_BYTES));
    expect(exact.statusCode).toBe(201);
    const stored = (await t.ctx.db.select().from(attachments)).find((a) => a.fileName === exact.data.fileName)!;
    expect(stored.size).toBe(2_097_152);

    const before = await storedRows();
    const over = await upload(owner, padded(png(), IMAGE_UPLOAD_LIMIT_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.data).toEqual({ message: 'The file is too large (> 2MB).' });
    owner.agent.lang = 'fr';
    const fr = await upload(owner, padded(png(), IMAGE_UPLOAD_LIMIT_BYTES + 1));
    owner.agent.lang = 'en';
    expect(fr.data).toEqual({ message: 'Le fichier est trop volumineux (> 2 Mo).' });
    expect(await storedRows()).toEqual(before);
  });

  it('refuses what is not a png, jpeg, gif or webp with 422 on attachment, storing nothing', async () => {
    const before = await storedRows();
    for (const [file, name, type] of [
      [text, 'image.png', 'image/png'],
      [svg, 'drawing.svg', 'image/svg+xml'],
      [svg, 'drawing.png', 'image/png'],
      [Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ] as const) {
      const res = await upload(owner, file, { name, type });
      expect(res.statusCode, name).toBe(422);
      expect(res.data).toEqual({
        message: 'The given data was invalid.',
        errors: { attachment: ['The file must be a PNG, JPEG, GIF or WebP image.'] },
      });
    }
    expect(await storedRows()).toEqual(before);
  });

  it('answers 422 for a form without its file or its project, 404 for an unknown project, 415 for JSON', async () => {
    const before = await storedRows();
    const noFile = await upload(owner, null);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.data.errors).toEqual({ attachment: ['This field is required.'] });

    const wrongField = await owner.agent.upload('/api/attachments', [
      { name: 'project_id', value: String(projectId) },
      { name: 'file', filename: 'a.png', data: png() },
    ]);
    expect(wrongField.statusCode).toBe(422);
    expect(Object.keys(wrongField.data.errors)).toEqual(['attachment']);

    const noProject = await owner.agent.upload('/api/attachments', [
      { name: 'attachment', filename: 'a.png', data: png() },
    ]);
    expect(noProject.statusCode).toBe(422);
    expect(Object.keys(noProject.data.errors)).toEqual(['project_id']);
    for (const bad of ['abc', '-1', '1.5', '']) {
      const res = await upload(owner, png(), { project: bad });
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await upload(owner, png(), { project: 99_999_999 })).statusCode).toBe(404);

    const longName = await upload(owner, png(), { name: `${'x'.repeat(300)}.png` });
    expect(longName.statusCode).toBe(422);
    expect(Object.keys(longName.data.errors)).toEqual(['fileName']);

    const nul = await upload(owner, png(), { name: 'a\u0000.png' });
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.data.errors)).toEqual(['fileName']);

    const json = await owner.agent.post('/api/attachments', { project_id: projectId });
    expect(json.statusCode).toBe(415);
    expect(typeof json.data.message).toBe('string');
    expect(await storedRows()).toEqual(before);
  });

  it('answers a malformed form with 400, never 500', async () => {
    const headers = (contentType: string) => ({ headers: { 'content-type': contentType } });
    const cases: Array<[string, string]> = [
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n1'],
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=x', '--x\r\nthis is no header\r\n\r\nvalue\r\n--x--'],
    ];
    for (const [type, body] of cases) {
      const res = await owner.agent.request('POST', '/api/attachments', undefined, { rawBody: body, ...headers(type) });
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
      expect(typeof res.data?.message).toBe('string');
    }
  });

  it('answers 400 at once for a form that ends inside its file, on the image and the import routes', async () => {
    const file = (field: string) =>
      `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`;
    const project = `--x\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n`;
    const before = await storedRows();
    for (const [url, field] of [
      ['/api/attachments', 'attachment'],
      // Word's import reads its form the same way (UploadForm), for alpha users only.
      ['/api/documents/importreqif', 'file'],
    ] as const) {
      // The file first (read while looking for the project), and after the project (read by the route).
      for (const body of [file(field), project + file(field)]) {
        const res = await owner.agent.request('POST', url, undefined, {
          rawBody: body,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        });
        expect([url, body.length, res.statusCode, res.data?.message]).toEqual([
          url,
          body.length,
          400,
          expect.any(String),
        ]);
      }
    }
    expect(await storedRows()).toEqual(before);
  });

  it('goes through the CSRF check like every write; a bearer call without a session is exempt', async () => {
    owner.agent.csrf = false;
    const refused = await upload(owner, png());
    owner.agent.csrf = true;
    expect(refused.statusCode).toBe(419);
    expect(refused.data).toEqual({ message: 'CSRF token mismatch.' });

    const api = t.agent();
    api.bearer = (await owner.agent.post('/api/auth/generatetoken', { name: 'uploads' })).data.data.token;
    const viaToken = await upload(api, png());
    expect(viaToken.statusCode).toBe(201);
  });
});

describe('who may upload and read', () => {
  let fileName: string;
  beforeAll(async () => {
    fileName = (await upload(owner, png())).data.fileName;
  });

  it('refuses a non-member with 403, before reading the file, and stores nothing', async () => {
    const before = await storedRows();
    const res = await upload(stranger, png());
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({ message: 'This action is unauthorized.' });
    // The access check comes first: a file over the limit or not an image changes nothing to the answer.
    expect((await upload(stranger, padded(png(), IMAGE_UPLOAD_LIMIT_BYTES + 10))).statusCode).toBe(403);
    expect((await upload(stranger, svg)).statusCode).toBe(403);
    // A form whose file comes before project_id is read (within the limit) to find the project, then refused.
    const fileFirst = await stranger.agent.upload('/api/attachments', [
      { name: 'attachment', filename: 'a.png', data: png() },
      { name: 'project_id', value: String(projectId) },
    ]);
    expect(fileFirst.statusCode).toBe(403);
    expect(await storedRows()).toEqual(before);
  });

  it('takes a form whose file comes before its project', async () => {
    const res = await owner.agent.upload('/api/attachments', [
      { name: 'attachment', filename: 'a.webp', data: webp },
      { name: 'project_id', value: String(projectId) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.data.fileName).toMatch(/\.webp$/);
  });

  it('serves an image to members only: 403 to a non-member, 401 without a session', async () => {
    const res = await stranger.agent.get(`/api/attachments/${fileName}`);
    expect(res.statusCode).toBe(403);
    expect(res.data).toEqual({ message: 'This action is unauthorized.' });
    expect(res.headers['cache-control']).toBeUndefined();
    const anonymous = await t.agent().get(`/api/attachments/${fileName}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.data).toEqual({ message: 'Unauthenticated.' });
    const anonymousUpload = await upload(t.agent(), png());
    expect(anonymousUpload.statusCode).toBe(401);
    expect(anonymousUpload.data).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 404 for a name that is not stored or not a name at all', async () => {
    for (const name of [
      fileName.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      'x.png',
      '..%2Fx.png',
      `${fileName}.png`,
    ])
      expect((await owner.agent.get(`/api/attachments/${name}`)).statusCode, name).toBe(404);
  });

  it('serves with its type, nosniff, a safe disposition and a private, long cache with an ETag', async () => {
    const res = await owner.agent.get(`/api/attachments/${fileName}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${fileName}"`,
      'cache-control': 'private, max-age=31536000, immutable',
      etag: `"${fileName}"`,
      'content-length': String(png().length),
    });
    const again = await owner.agent.request('GET', `/api/attachments/${fileName}`, undefined, {
      headers: { 'if-none-match': `"other", "${fileName}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A revalidation is still an access check: a non-member with the right ETag gets nothing.
    const stolen = await stranger.agent.request('GET', `/api/attachments/${fileName}`, undefined, {
      headers: { 'if-none-match': `"${fileName}"` },
    });
    expect(stolen.statusCode).toBe(403);
  });

  it("follows membership: a project's images reach whoever joins it, and go with the project", async () => {
    const member = await t.signUp();
    const other = await workingArea(member).project('Other');
    const theirs = (await upload(member, gif, { project: other.id })).data.fileName;
    expect((await member.agent.get(`/api/attachments/${theirs}`)).statusCode).toBe(200);
    expect((await owner.agent.get(`/api/attachments/${theirs}`)).statusCode).toBe(403);

    const joined = await owner.agent.post(`/api/projects/join/${member.username}/${other.slug}`, {
      token: other.join_token,
    });
    expect(joined.statusCode).toBe(200);
    expect((await owner.agent.get(`/api/attachments/${theirs}`)).statusCode).toBe(200);

    expect((await member.agent.delete(`/api/projects/${other.id}`)).statusCode).toBe(204);
    expect((await member.agent.get(`/api/attachments/${theirs}`)).statusCode).toBe(404);
  });
});
