import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { reviewScene, sign } from '../../test/signatures';

// The document view's "last approved baseline" (decisions §23, issue 36 §4: changing a requirement after the review
// started, the review still shows what was reviewed, and the document shows that it changed since the approval).

let t: TestApp;
// A fresh app takes long on a loaded machine: the hook is given the time.
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('GET documents/approval/{id}', () => {
  it('names the last approved review’s baseline, and says whether the document changed since', async () => {
    const s = await reviewScene(t);
    const approval = async () => {
      const res = await s.vic.agent.get(`/api/documents/approval/${s.srs.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.data.data;
    };
    expect(await approval()).toEqual({ document_id: s.srs.id, approval: null, changed_since: false });
    // One approver of two, or a rejection, does not approve it.
    await sign(s.ann, s.review.id);
    await sign(s.rita, s.review.id, 'reviewed');
    expect((await approval()).approval).toBeNull();
    const bob = (await sign(s.bob, s.review.id)).data.data;
    const approved = await approval();
    expect(approved).toEqual({
      document_id: s.srs.id,
      approval: {
        review: { id: s.review.id, title: 'SRS sign-off' },
        baseline: { id: s.review.baseline_id, name: expect.any(String), created_at: expect.any(String) },
        approved_at: bob.signed_at,
        content_hash: bob.content_hash,
      },
      changed_since: false,
    });

    // A change of the live document: the review still shows what was reviewed; the document says it changed.
    await s.w.ok('PUT', `/api/requirements/${s.stop.id}`, { name: 'The car shall stop within 35 m' });
    expect((await approval()).changed_since).toBe(true);
    const review = (await s.vic.agent.get(`/api/reviews/${s.review.id}`)).data.data;
    expect(review.items.map((i: { name: string }) => i.name)).toContain('The car shall stop within 40 m');
    // Changed back, it reads as approved again: the comparison is of content, not of times.
    await s.w.ok('PUT', `/api/requirements/${s.stop.id}`, { name: 'The car shall stop within 40 m' });
    expect((await approval()).changed_since).toBe(false);
    // A requirement added counts too.
    await s.w.requirement(s.srs.id, 'The horn shall sound', s.cat.id);
    expect((await approval()).changed_since).toBe(true);

    // A revoked approval withdraws it.
    await s.bob.agent.post(`/api/reviews/revokesignature/${s.review.id}`, {
      signature_id: bob.id,
      password: s.bob.password,
      reason: 'Not yet',
    });
    expect((await approval()).approval).toBeNull();
  });

  it('is any member’s to read, and no one else’s', async () => {
    const s = await reviewScene(t);
    const stranger = await t.signUp();
    expect((await stranger.agent.get(`/api/documents/approval/${s.srs.id}`)).statusCode).toBe(403);
    expect((await s.vic.agent.get('/api/documents/approval/999999')).statusCode).toBe(404);
  });
});
