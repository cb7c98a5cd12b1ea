import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditEntries, reviewSignatures } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { recomputeContentHash, reviewScene, sign } from '../../test/signatures';

// Electronic signatures (decisions §23, issue 36 §2 and §4): re-authentication, who may sign, the content hash that
// anyone recomputes, revocations beside signatures, and what users will try.

let t: TestApp;
// A fresh app takes long on a loaded machine: the hook is given the time.
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
});

const signaturesOf = (reviewId: number) =>
  t.ctx.db.select().from(reviewSignatures).where(eq(reviewSignatures.reviewId, reviewId));
const auditOf = (reviewId: number, action: 'review_signed' | 'signature_revoked') =>
  t.ctx.db
    .select()
    .from(auditEntries)
    .where(
      and(eq(auditEntries.entityType, 'review'), eq(auditEntries.entityId, reviewId), eq(auditEntries.action, action)),
    )
    .orderBy(asc(auditEntries.id));

describe('POST reviews/sign/{id}', () => {
  it('binds the signer, meaning, time, baseline and a hash anyone recomputes from the baseline’s answers', async () => {
    const s = await reviewScene(t);
    const before = Date.now();
    const res = await sign(s.ann, s.review.id, 'approved');
    expect(res.statusCode, res.body).toBe(201);
    const signature = res.data.data;
    expect(signature).toEqual({
      id: expect.any(Number),
      user: { id: s.ann.id, name: 'Ann Approver' },
      meaning: 'approved',
      signed_at: expect.any(String),
      baseline_id: s.review.baseline_id,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      revocation: null,
    });
    expect(Date.parse(signature.signed_at)).toBeGreaterThanOrEqual(before - 1000);
    // Recomputed from GET baselines/{id} and baselines/requirements only, by the recipe of docs/decisions.md §23.
    expect(signature.content_hash).toBe(await recomputeContentHash(s.vic, s.review.baseline_id));
    // The same baseline gives the same hash to every signer, whatever happens to the live document meanwhile.
    await s.w.ok('PUT', `/api/requirements/${s.stop.id}`, { name: 'The car shall stop within 35 m' });
    const bob = await sign(s.bob, s.review.id, 'rejected');
    expect(bob.data.data.content_hash).toBe(signature.content_hash);

    const review = await s.vic.agent.get(`/api/reviews/${s.review.id}`);
    expect(review.data.data.signatures.map((x: { user: { name: string } }) => x.user.name)).toEqual([
      'Ann Approver',
      'Bob Approver',
    ]);
    expect(review.data.data.participants.find((p: { user: { id: number } }) => p.user.id === s.ann.id).signed).toBe(
      true,
    );
    const [entry] = await auditOf(s.review.id, 'review_signed');
    expect(entry).toMatchObject({ actorId: s.ann.id, entityReference: 'SRS sign-off' });
    expect(entry!.changes).toMatchObject({
      meaning: { new: 'approved' },
      content_hash: { new: signature.content_hash },
      signature_id: { new: signature.id },
    });
  });

  it('tells each participant apart: a reviewer signs “reviewed”; viewers, non-participants, the moderator: 403', async () => {
    const s = await reviewScene(t);
    expect((await sign(s.rita, s.review.id, 'reviewed')).statusCode).toBe(201);
    for (const who of [s.vic, s.eddie, s.owner]) {
      const res = await sign(who, s.review.id);
      expect(res.statusCode, who.name).toBe(403);
      expect(res.data.message).toBe('This action is unauthorized.');
    }
    expect(await signaturesOf(s.review.id)).toHaveLength(1);
  });

  it('checks the password again: wrong → 422 on password, missing → 422, and nothing is signed', async () => {
    const s = await reviewScene(t);
    const wrong = await sign(s.ann, s.review.id, 'approved', 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.errors).toEqual({ password: ['The password is incorrect.'] });
    // A stolen session without the password: refused.
    const bare = await s.ann.agent.post(`/api/reviews/sign/${s.review.id}`, { meaning: 'approved' });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.data.errors)).toEqual(['password']);
    const unknownMeaning = await s.ann.agent.post(`/api/reviews/sign/${s.review.id}`, {
      password: s.ann.password,
      meaning: 'maybe',
    });
    expect(unknownMeaning.statusCode).toBe(422);
    expect(await signaturesOf(s.review.id)).toEqual([]);
    expect(await auditOf(s.review.id, 'review_signed')).toEqual([]);
  });

  it('is rate limited like a login, on the login’s own counter (address and e-mail)', async () => {
    const s = await reviewScene(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await sign(s.ann, s.review.id, 'approved', `guess ${i}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    // The eleventh try within the minute is refused, even with the right password; and so is a login from there.
    expect((await sign(s.ann, s.review.id)).statusCode).toBe(429);
    const login = await s.ann.agent.post('/api/auth/login', { email: s.ann.email, password: s.ann.password });
    expect(login.statusCode).toBe(429);
    // Another signer has a count of their own.
    expect((await sign(s.bob, s.review.id)).statusCode).toBe(201);
  }, 120_000);

  it('refuses an access token (403), a removed member (403), a closed review (422) and a second standing signature', async () => {
    const s = await reviewScene(t);
    const gen = await s.ann.agent.post('/api/auth/generatetoken', { name: 'Script' });
    const client = t.agent();
    client.bearer = gen.data.data.token;
    const byToken = await client.post(`/api/reviews/sign/${s.review.id}`, {
      password: s.ann.password,
      meaning: 'approved',
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.data.message).toBe('This action requires signing in with a password, not an access token.');

    expect((await sign(s.ann, s.review.id)).statusCode).toBe(201);
    const again = await sign(s.ann, s.review.id, 'rejected');
    expect(again.statusCode).toBe(422);

    const removed = await s.owner.agent.delete(`/api/projects/members/${s.project.id}/${s.bob.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await sign(s.bob, s.review.id)).statusCode).toBe(403);

    expect((await s.owner.agent.post(`/api/reviews/close/${s.review.id}`, {})).statusCode).toBe(200);
    const closed = await sign(s.rita, s.review.id, 'reviewed');
    expect(closed.statusCode).toBe(422);
    expect(closed.data.message).toBe('This review is closed: it can no longer be changed.');
    expect((await signaturesOf(s.review.id)).map((x) => x.userId)).toEqual([s.ann.id]);
  });
});

describe('POST reviews/revokesignature/{id}', () => {
  it('records the revocation beside the signature, by its signer with the password, and changes nothing else', async () => {
    const s = await reviewScene(t);
    const signed = (await sign(s.ann, s.review.id)).data.data;
    const [row] = await signaturesOf(s.review.id);
    const revoke = (who: typeof s.ann, password = who.password, signatureId = signed.id) =>
      who.agent.post(`/api/reviews/revokesignature/${s.review.id}`, {
        signature_id: signatureId,
        password,
        reason: 'Signed the wrong revision',
      });
    expect((await revoke(s.bob)).statusCode).toBe(403);
    expect((await revoke(s.vic)).statusCode).toBe(403);
    const wrong = await revoke(s.ann, 'nope');
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.data.errors)).toEqual(['password']);
    expect((await revoke(s.ann, s.ann.password, 999_999)).data.errors).toEqual({
      signature_id: ['This signature is not one of this review.'],
    });

    const res = await revoke(s.ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toEqual({
      ...signed,
      revocation: { at: expect.any(String), reason: 'Signed the wrong revision' },
    });
    const [after] = await signaturesOf(s.review.id);
    expect({ ...after, revokedAt: null, revokedReason: null }).toEqual(row);
    expect((await revoke(s.ann)).data.errors).toEqual({ signature_id: ['This signature is already revoked.'] });
    const [entry] = await auditOf(s.review.id, 'signature_revoked');
    expect(entry!.changes).toMatchObject({
      reason: { new: 'Signed the wrong revision' },
      signature_id: { new: signed.id },
    });

    // Revoked, the participant may sign anew; both rows stay.
    expect((await sign(s.ann, s.review.id, 'rejected')).statusCode).toBe(201);
    expect(await signaturesOf(s.review.id)).toHaveLength(2);
  });
});

describe('two approvers signing at the same instant', () => {
  it('keeps both signatures, and the review is approved', async () => {
    const s = await reviewScene(t);
    const [a, b] = await Promise.all([sign(s.ann, s.review.id), sign(s.bob, s.review.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await signaturesOf(s.review.id)).map((x) => x.userId).sort()).toEqual([s.ann.id, s.bob.id].sort());
    expect((await s.vic.agent.get(`/api/reviews/${s.review.id}`)).data.data.approved).toBe(true);
  });
});
