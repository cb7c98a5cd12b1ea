import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { requirements } from '../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A document whose one requirement holds `paragraphs` paragraphs, stored as they were before rich text was bounded. */
async function documentWithLongDescription(app: TestApp, alice: SignedUp, paragraphs: number) {
  const w = workingArea(alice);
  const project = await w.project();
  const document = await w.document(project.id, 'SRS');
  const category = await w.category(document.id, 'GEN');
  const requirement = await w.requirement(document.id, 'Long', category.id);
  const description = Array.from({ length: paragraphs }, (_, i) => `<p>Line ${i}</p>`).join('');
  await app.ctx.db.update(requirements).set({ description }).where(eq(requirements.id, requirement.id));
  return document;
}

async function download(alice: SignedUp, kind: 'exportmsword' | 'exportreqif', documentId: number) {
  const link = await alice.agent.get(`/api/documents/${kind}/${documentId}`);
  expect(link.statusCode, link.body).toBe(200);
  return alice.agent.get(link.data.url);
}

describe('exports built on the export thread', () => {
  // A Word export of a document with two descriptions of 100,000 paragraphs held every request for 25 s: the file
  // was built on the server's thread. Light requests sent all along the export must each be answered quickly.
  it.each(['exportmsword', 'exportreqif'] as const)(
    '%s: the server answers other requests while the file is built',
    async (kind) => {
      t = await createTestApp();
      const alice = await t.signUp();
      const document = await documentWithLongDescription(t, alice, 10_000);
      const started = performance.now();
      let done = false;
      const exporting = download(alice, kind, document.id).finally(() => (done = true));
      // When each health check was answered: the longest time without an answer tells how long the thread was held.
      const answered = [started];
      while (!done) {
        const health = await alice.agent.get('/api/health');
        expect(health.statusCode).toBe(200);
        answered.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const file = await exporting;
      const ended = performance.now();
      const duration = ended - started;
      const longestWait = Math.max(...[...answered, ended].slice(1).map((at, i) => at - answered[i]!));
      expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
      expect(file.rawPayload.includes(kind === 'exportreqif' ? 'Line 9999' : 'PK')).toBe(true);
      // Built on the server's thread, the checks stopped for most of the export (one was answered, before the file
      // was built); off it, they go on all along and some are answered before the export ends.
      expect(answered.length - 1).toBeGreaterThan(3);
      expect(longestWait).toBeLessThan(duration / 4);
    },
    120_000,
  );

  it('answers an export that outlasts the thread with 422 and a clear message, in English and in French', async () => {
    t = await createTestApp({}, { exportLimits: { heapMb: 2048, timeoutMs: 20 } });
    const alice = await t.signUp();
    const document = await documentWithLongDescription(t, alice, 5_000);
    for (const kind of ['exportmsword', 'exportreqif'] as const) {
      const file = await download(alice, kind, document.id);
      expect(file.statusCode, file.body.slice(0, 200)).toBe(422);
      expect(file.data).toEqual({ message: expect.stringMatching(/too large to export/) });
    }
    alice.agent.lang = 'fr';
    const file = await download(alice, 'exportmsword', document.id);
    expect(file.statusCode).toBe(422);
    expect(file.data.message).toMatch(/trop volumineux pour être exporté/);
    // The server is still there.
    expect((await alice.agent.get('/api/health')).statusCode).toBe(200);
  }, 120_000);

  it('answers an export that fills the thread’s memory with 422, and the next export gets a new thread', async () => {
    t = await createTestApp({}, { exportLimits: { heapMb: 160, timeoutMs: 60_000 } });
    const alice = await t.signUp();
    const big = await documentWithLongDescription(t, alice, 100_000);
    const refused = await download(alice, 'exportmsword', big.id);
    expect(refused.statusCode, refused.body.slice(0, 200)).toBe(422);
    expect(refused.data.message).toMatch(/too large to export/);
    const w = workingArea(alice);
    const small = await w.document((await w.project()).id, 'SMALL');
    const file = await download(alice, 'exportmsword', small.id);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
  }, 180_000);
});
