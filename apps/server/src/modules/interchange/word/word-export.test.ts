import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { downloads, projectUsers } from '../../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { png } from '../../../test/images';
import { workingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';

// The Word export opened by a real word processor: LibreOffice converts it to PDF and the PDF's text is read back
// (CI installs libreoffice-writer-nogui and poppler-utils; see .ci/run).

let t: TestApp;
let alice: SignedUp;
let w: ReturnType<typeof workingArea>;
// EXPORT_PREVIEW_DIR keeps the .docx and .pdf files there, to look at the pages (pdftoppm -png).
const keep = process.env.EXPORT_PREVIEW_DIR;
const dir = keep
  ? (fs.mkdirSync(keep, { recursive: true }), keep)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-word-'));

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp({ name: 'Alice Liddell' });
  w = workingArea(alice);
  await setAlpha(t.ctx, alice.email, true);
});
afterAll(async () => {
  await t.close();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
});

const EVERY_ELEMENT = (image: string) =>
  [
    '<p>The valve <strong>shall</strong> close in <em>under</em> <u>two</u> <s>three</s> seconds, see ',
    '<code>VALVE_CLOSE</code> and <a href="https://example.com/spec">the spec</a>.</p>',
    '<h2>Conditions</h2>',
    '<ul><li><p>Bullet one</p><ul><li><p>Nested bullet</p></li></ul></li><li><p>Bullet two</p></li></ul>',
    '<ol><li><p>Step one</p></li><li><p>Step two</p></li></ol>',
    '<table><tbody><tr><th><p>Mode</p></th><th><p>Limit</p></th></tr><tr><td><p>Normal</p></td><td><p>2 s</p></td></tr></tbody></table>',
    '<pre><code>close(valve);\nwait(2000);</code></pre>',
    '<blockquote><p>Quoted rationale</p></blockquote>',
    '<hr>',
    `<img src="${image}" alt="Valve diagram">`,
  ].join('');

async function download(user: SignedUp, documentId: number) {
  const link = await user.agent.get(`/api/documents/exportmsword/${documentId}`);
  expect(link.statusCode).toBe(200);
  const url: string = link.data.url;
  expect(url).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]{40,}$/);
  return { url, file: await user.agent.get(url) };
}

function pdfText(docx: Buffer, name: string): string {
  const file = path.join(dir, `${name}.docx`);
  fs.writeFileSync(file, docx);
  try {
    execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', dir, file], {
      stdio: 'pipe',
      timeout: 120_000,
      env: { ...process.env, HOME: dir },
    });
  } catch (error) {
    throw new Error(`LibreOffice (soffice) must be installed to check the export: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return execFileSync('pdftotext', ['-layout', path.join(dir, `${name}.pdf`), '-'], { encoding: 'utf8' });
}

describe('Word export', () => {
  it('gives a .docx that LibreOffice opens, with every option, rich-text element, link and matrix', async () => {
    const project = await w.project('Water plant');
    await w.ok('PUT', `/api/projects/settings/${project.id}`, { settings: { organizationName: 'Acme Water' } });
    const sys = await w.document(project.id, 'SYS');
    const srs = await w.document(project.id, 'SRS', [sys.id]);
    const tst = await w.document(project.id, 'TST', [srs.id]);
    await w.ok('PUT', `/api/documents/${srs.id}`, { description: '<p>Software requirements of the valve.</p>' });
    const interfaces = await w.category(srs.id, 'INT');
    await w.ok('PUT', `/api/categories/${interfaces.id}`, { name: 'Interfaces' });
    const hardware = await w.category(srs.id, 'HW', interfaces.id);
    await w.ok('PUT', `/api/categories/${hardware.id}`, { name: 'Hardware interfaces' });
    const valves = await w.category(srs.id, 'VLV', hardware.id);
    await w.ok('PUT', `/api/categories/${valves.id}`, { name: 'Valves' });
    const uploaded = await alice.agent.upload('/api/attachments', [
      { name: 'project_id', value: String(project.id) },
      { name: 'attachment', filename: 'valve.png', type: 'image/png', data: png(40, 20) },
    ]);
    const image = `/api/attachments/${uploaded.data.fileName}`;

    const parent = await w.requirement(sys.id, 'System closes the valve');
    const loneParent = await w.requirement(sys.id, 'System logs');
    void loneParent;
    const close = await w.requirement(srs.id, 'Close the valve', valves.id);
    await w.ok('PUT', `/api/requirements/${close.id}`, { description: EVERY_ELEMENT(image), status: 2 });
    const orphan = await w.requirement(srs.id, 'Report the state', interfaces.id);
    const test = await w.requirement(tst.id, 'Test the closing');
    await w.ok('PUT', `/api/requirements/${close.id}`, { parents_id: [parent.id], children_id: [test.id] });
    // The parent changes after the link was made: the link is stale.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await w.ok('PUT', `/api/requirements/${parent.id}`, { name: 'System closes the valve quickly' });
    void orphan;
    await w.ok('PUT', `/api/documents/settings/${srs.id}`, {
      settings: { 'export.tableOfEvolutions': true, 'export.tableOfEvolutionsRefDate': '2000-01-01' },
    });

    const { file } = await download(alice, srs.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml.document');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Doc SRS.docx"; filename*=UTF-8''Doc%20SRS.docx`,
    );
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The image is in the package (a zip names its entries in clear).
    expect(file.rawPayload.includes(Buffer.from('word/media/'))).toBe(true);

    const text = pdfText(file.rawPayload, 'full');
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Acme Water',
      'Water plant',
      'Doc SRS',
      'Contents',
      'Project summary',
      'Document summary',
      'Software requirements of the valve.',
      '1. Interfaces',
      '1.1. Hardware interfaces',
      '1.1.1. Valves',
      'SRS_INT_HW_VLV_001 - Close the valve',
      'SRS_INT_002 - Report the state',
      'The valve shall close in under two three seconds',
      'VALVE_CLOSE',
      'Conditions',
      'Bullet one',
      'Nested bullet',
      'Step two',
      'Mode',
      'Normal',
      'close(valve);',
      'wait(2000);',
      'Quoted rationale',
      'Status: Reviewed',
      'Parents: SYS_001 (stale)',
      'Children: TST_001 (up to date)',
      'Traceability matrix: Doc SRS and Doc SYS',
      'Traceability matrix: Doc SRS and Doc TST',
      'No parent',
      'Not covered',
      'Table of evolutions',
      'Alice Liddell',
      'Page 2 of',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // The ordered list is numbered, the image is in (LibreOffice keeps its alt text out of the text layer).
    expect(flat).toMatch(/1\. Step one/);
    expect(flat).not.toContain('[Valve diagram]');
  }, 180_000);

  it('follows each option: without them there is no contents, summaries, references, traceability or matrices', async () => {
    const project = await w.project('Options');
    const sys = await w.document(project.id, 'SYS');
    const srs = await w.document(project.id, 'SRS', [sys.id]);
    const category = await w.category(srs.id, 'GEN');
    await w.requirement(srs.id, 'Only requirement', category.id);
    await w.requirement(srs.id, 'Outside any category');
    const off = Object.fromEntries(
      [
        'tableOfContents',
        'projectSummary',
        'documentSummary',
        'requirementTitleAndReference',
        'requirementTraceability',
        'traceabilityMatrices',
        'dateOnTitlePage',
      ].map((key) => [`export.${key}`, false]),
    );
    await w.ok('PUT', `/api/documents/settings/${srs.id}`, { settings: off });
    const flat = pdfText((await download(alice, srs.id)).file.rawPayload, 'bare').replace(/\s+/g, ' ');
    expect(flat).toContain('1. Cat GEN');
    expect(flat).toContain('Only requirement');
    for (const absent of [
      'Contents',
      'Project summary',
      'Document summary',
      'SRS_GEN_001',
      'Parents:',
      'Traceability matrix',
      'Outside any category',
    ]) {
      expect(flat, absent).not.toContain(absent);
    }
  }, 180_000);
});

describe('export links', () => {
  it('work once, for their user only, for 10 minutes, while they still belong to the project', async () => {
    const bob = await t.signUp();
    const project = await w.project();
    const document = await w.document(project.id, 'D');
    await bob.agent.post(`/api/projects/join/${alice.username}/${project.slug}`, { token: project.join_token });

    const { url, file } = await download(alice, document.id);
    expect(file.statusCode).toBe(200);
    expect((await alice.agent.get(url)).statusCode).toBe(404);

    const forAlice = (await alice.agent.get(`/api/documents/exportmsword/${document.id}`)).data.url;
    expect((await bob.agent.get(forAlice)).statusCode).toBe(404);
    expect((await t.agent().get(forAlice)).statusCode).toBe(401);
    expect((await alice.agent.get(forAlice)).statusCode).toBe(200);

    const late = (await alice.agent.get(`/api/documents/exportmsword/${document.id}`)).data.url;
    await t.ctx.db
      .update(downloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloads.userId, alice.id));
    expect((await alice.agent.get(late)).statusCode).toBe(404);

    const beforeLeaving = (await bob.agent.get(`/api/documents/exportmsword/${document.id}`)).data.url;
    // There is no call to leave a project yet: the membership ends in the database, as a group change would end it.
    await t.ctx.db
      .delete(projectUsers)
      .where(and(eq(projectUsers.projectId, project.id), eq(projectUsers.userId, bob.id)));
    expect((await bob.agent.get(beforeLeaving)).statusCode).toBe(404);
    expect((await alice.agent.get('/api/downloads/not-a-token')).statusCode).toBe(404);
  });

  it('keep names of any language in the file name, and nothing that breaks the header', async () => {
    const { attachmentDisposition } = await import('../interchange.routes');
    expect(attachmentDisposition('Spécification "v2"\r\nX', 'docx')).toBe(
      `attachment; filename="Specification _v2_X.docx"; filename*=UTF-8''Sp%C3%A9cification%20%22v2%22%0D%0AX.docx`,
    );
  });
});
