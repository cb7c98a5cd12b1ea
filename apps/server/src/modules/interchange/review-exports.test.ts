import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEntries } from '../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { recomputeContentHash, reviewScene, sign } from '../../test/signatures';

// A review's Word file (decisions §23): LibreOffice opens it, and its text shows the reviewed content, the feedback
// and the signature page with names, meanings, times, revocations and the content hash, the one recomputed from
// the baseline's answers.

let t: TestApp;
const keep = process.env.EXPORT_PREVIEW_DIR;
const dir = keep
  ? (fs.mkdirSync(keep, { recursive: true }), keep)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-review-'));
// A fresh app takes long on a loaded machine: the hook is given the time.
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
});

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
  // Without -layout: one table cell's text stays on its lines, so a long hash is found whole.
  return execFileSync('pdftotext', [path.join(dir, `${name}.pdf`), '-'], { encoding: 'utf8' });
}

async function download(user: SignedUp, reviewId: number) {
  const link = await user.agent.get(`/api/reviews/exportmsword/${reviewId}`);
  expect(link.statusCode, link.body).toBe(200);
  const url: string = link.data.url;
  expect(url).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]{40,}$/);
  const file = await user.agent.get(url);
  expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
  expect(file.headers['content-type']).toContain('wordprocessingml.document');
  expect((await user.agent.get(url)).statusCode).toBe(404);
  return file;
}

describe('GET reviews/exportmsword/{id}', () => {
  it('opens in LibreOffice with the reviewed content, the feedback and the signature page with the hash', async () => {
    const s = await reviewScene(t);
    const feedback = (body: Record<string, unknown>) => s.ann.agent.post(`/api/reviews/feedback/${s.review.id}`, body);
    expect(
      (await feedback({ requirement_id: s.stop.id, kind: 'question', content: 'On a wet road too?' })).statusCode,
    ).toBe(201);
    expect((await feedback({ kind: 'comment', content: 'Clear overall.' })).statusCode).toBe(201);
    const ann = (await sign(s.ann, s.review.id)).data.data;
    const bob = (await sign(s.bob, s.review.id, 'rejected')).data.data;
    const revoked = await s.bob.agent.post(`/api/reviews/revokesignature/${s.review.id}`, {
      signature_id: bob.id,
      password: s.bob.password,
      reason: 'Meant to approve',
    });
    expect(revoked.statusCode).toBe(200);
    // The live document moves on: the file shows what was reviewed.
    await s.w.ok('PUT', `/api/requirements/${s.stop.id}`, { name: 'The car shall stop within 35 m' });

    // Any member may export it, a viewer included.
    const file = await download(s.vic, s.review.id);
    const text = pdfText(file.rawPayload, 'review').replace(/\u00ad|\u200b/g, '');
    const hash = await recomputeContentHash(s.vic, s.review.baseline_id);
    expect(ann.content_hash).toBe(hash);
    expect(text).toContain('Review: SRS sign-off');
    expect(text).toContain('The car shall stop within 40 m');
    expect(text).not.toContain('within 35 m');
    expect(text).toContain('The driver shall be warned');
    expect(text).toContain('Feedback');
    expect(text).toContain('On a wet road too?');
    expect(text).toContain('Clear overall.');
    expect(text).toContain('Signatures');
    for (const words of ['Ann Approver', 'Bob Approver', 'Approved', 'Rejected', 'Meant to approve', 'Standing'])
      expect(text).toContain(words);
    expect(text).toContain(`${ann.signed_at.slice(0, 19).replace('T', ' ')} UTC`);
    // On one line of its own, whole: a reader can copy it.
    expect(text.split('\n').some((line) => line.includes(hash))).toBe(true);

    const [entry] = await t.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'review'), eq(auditEntries.action, 'exported')))
      .orderBy(auditEntries.id);
    expect(entry).toMatchObject({ entityId: s.review.id, actorId: s.vic.id });
    expect(entry!.changes).toMatchObject({ format: { new: 'msword' }, content_hash: { new: hash } });
  }, 180_000);

  it('is in French for a French reader, and refused to a non-member (403) and after leaving (404 on the link)', async () => {
    const s = await reviewScene(t);
    s.vic.agent.lang = 'fr';
    const file = await download(s.vic, s.review.id);
    const text = pdfText(file.rawPayload, 'revue');
    expect(text).toContain('Revue : SRS sign-off');
    expect(text).toContain('Personne n’a encore signé.');
    const stranger = await t.signUp();
    expect((await stranger.agent.get(`/api/reviews/exportmsword/${s.review.id}`)).statusCode).toBe(403);
    const link = (await s.rita.agent.get(`/api/reviews/exportmsword/${s.review.id}`)).data.url;
    expect((await s.owner.agent.delete(`/api/projects/members/${s.project.id}/${s.rita.id}`)).statusCode).toBe(204);
    expect((await s.rita.agent.get(link)).statusCode).toBe(404);
  }, 180_000);
});
