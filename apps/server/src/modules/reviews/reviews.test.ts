import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReviewDetailPresented } from '@reqloom/domain';
import { rowsOf } from '../../db/prepared';
import { createTestApp, type TestApp } from '../../test/harness';
import { count, detail, insertSignature, reviewProject, startSrsReview, type ReviewProject } from '../../test/reviews';

let t: TestApp;
let p: ReviewProject;
// Seven accounts signed up (a password hash each): slow on a loaded machine.
beforeAll(async () => {
  t = await createTestApp();
  p = await reviewProject(t);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const names = (d: ReviewDetailPresented) => d.items.map((i) => i.name);

describe('reviews (decisions §23)', () => {
  it('start on a baseline of their documents, invite each participant by mail in their language, and are read by every member', async () => {
    await t.ctx.db.execute(
      sql`update users set preferences = jsonb_set(preferences, '{lang}', '"fr"') where id = ${p.bob.id}`,
    );
    const mailsBefore = t.mails.length;
    const res = await p.editor.agent.post('/api/reviews', {
      project_id: p.project.id,
      title: 'Release 1',
      document_ids: [p.srs.id],
      due_date: '2026-12-24',
      participants: [
        { user_id: p.ann.id, role: 'approver' },
        { user_id: p.bob.id, role: 'approver' },
        { user_id: p.rae.id, role: 'reviewer' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const review = res.data.data;
    expect(review).toMatchObject({
      project_id: p.project.id,
      title: 'Release 1',
      description: '',
      state: 'open',
      approved: false,
      moderator: { id: p.editor.id, name: 'Eddie Editor' },
      revision: 1,
      document_ids: [p.srs.id],
      due_date: '2026-12-24',
      closed_at: null,
      signatures: [],
      counts: { items: 3, approved: 0, rejected: 0, feedback_open: 0 },
    });
    expect(review.participants).toEqual([
      { user: { id: p.ann.id, name: 'Ann Approver' }, role: 'approver', verdict_count: 0, signed: false },
      { user: { id: p.bob.id, name: 'Bob Approver' }, role: 'approver', verdict_count: 0, signed: false },
      { user: { id: p.rae.id, name: 'Rae Reviewer' }, role: 'reviewer', verdict_count: 0, signed: false },
    ]);
    // The answer carries the realtime event the project's room got.
    expect(res.data.events).toContainEqual({
      name: 'ReviewUpdated',
      payload: { review_id: review.id, project_id: p.project.id },
    });
    const baseline = await p.owner.agent.get(`/api/baselines/${review.baseline_id}`);
    expect(baseline.data.data).toMatchObject({ name: 'Review: Release 1', counts: { requirements: 3 } });

    // One mail each, with the link to the review; Bob's in French.
    const mails = t.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([p.ann.email, p.bob.email, p.rae.email].sort());
    const link = `http://reqloom.test/project/${p.owner.username}/${p.project.slug}/reviews/${review.id}`;
    for (const mail of mails) expect(mail.links).toEqual([link]);
    const ann = mails.find((m) => m.to === p.ann.email)!;
    expect(ann.subject).toBe('Review “Release 1” in Brakes');
    expect(ann.text).toContain(
      'Eddie Editor invites you, as approver, to the review “Release 1” of the project Brakes.',
    );
    expect(ann.text).toContain('It is due on 2026-12-24.');
    const bob = mails.find((m) => m.to === p.bob.email)!;
    expect(bob.subject).toBe('Revue « Release 1 » dans Brakes');
    expect(bob.text).toContain('comme approbateur');
    expect(mails.find((m) => m.to === p.rae.email)!.text).toContain('as reviewer');
    // … and in the outbox, one file per mail.
    // (Quoted-printable bodies: soft line breaks undone.)
    const outbox = fs
      .readdirSync(t.outboxDir)
      .map((f) => fs.readFileSync(`${t.outboxDir}/${f}`, 'utf8').replace(/=\r?\n/g, ''));
    for (const who of [p.ann, p.bob, p.rae])
      expect(outbox.some((m) => m.includes(who.email) && m.includes(link))).toBe(true);

    // Every member reads it, the viewer too: the list, and the review with its items in reading order.
    const list = await p.vic.agent.get(`/api/projects/reviews/${p.project.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.data.data.map((r: { id: number }) => r.id)).toContain(review.id);
    const one = await detail(p.vic, review.id);
    expect(names(one)).toEqual(['Braking', 'Lights', 'Steering']);
    expect(one.items[0]).toMatchObject({ id: p.first.id, reference: p.first.reference, verdicts: [] });
    expect(one).toMatchObject({ feedback: [], earlier_baseline_ids: [] });

    // The audit trail says who started it.
    const [entry] = rowsOf<{ action: string; entity_type: string; actor_name: string }>(
      await t.ctx.db.execute(sql`select action, entity_type, actor_name from audit_entries
        where project_id = ${p.project.id} and entity_id = ${review.id} and entity_type = 'review'`),
    );
    expect(entry).toEqual({ action: 'review_started', entity_type: 'review', actor_name: 'Eddie Editor' });
  });

  it('take feedback and verdicts, count progress, resolve feedback, and become read-only once closed', async () => {
    const review = await startSrsReview(p, 'Feedback round');
    const feedback = await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, {
      requirement_id: p.first.id,
      kind: 'question',
      content: ' Which speed? ',
    });
    expect(feedback.statusCode).toBe(201);
    expect(feedback.data.data).toMatchObject({
      review_id: review.id,
      requirement_id: p.first.id,
      kind: 'question',
      content: 'Which speed?',
      author: { id: p.rae.id, name: 'Rae Reviewer' },
      resolved: false,
      baseline_id: review.baseline_id,
    });
    const general = await p.editor.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'Go' });
    expect(general.data.data.requirement_id).toBeNull();

    for (const [who, verdict] of [
      [p.ann, 'approved'],
      [p.bob, 'approved'],
    ] as const)
      expect(
        (await who.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict })).statusCode,
      ).toBe(200);
    const rejected = await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, {
      requirement_id: p.second.id,
      verdict: 'rejected',
      comment: 'Too vague',
    });
    expect(rejected.data.data.counts).toEqual({ items: 3, approved: 1, rejected: 1, feedback_open: 2 });
    expect(rejected.data.data.participants[0]).toMatchObject({ user: { id: p.ann.id }, verdict_count: 2 });
    let one = await detail(p.ann, review.id);
    const second = one.items.find((i) => i.id === p.second.id)!;
    expect(second.verdicts).toEqual([
      { user_id: p.ann.id, verdict: 'rejected', comment: 'Too vague', at: expect.any(String) as string },
    ]);
    // Withdrawn with null.
    await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.second.id, verdict: null });
    one = await detail(p.ann, review.id);
    expect(one.items.find((i) => i.id === p.second.id)!.verdicts).toEqual([]);
    expect(one.counts.rejected).toBe(0);

    // Resolved by its author, reopened by the moderator.
    const id = feedback.data.data.id;
    expect((await p.rae.agent.put(`/api/reviews/feedback/${id}`, { resolved: true })).data.data.resolved).toBe(true);
    expect((await detail(p.rae, review.id)).counts.feedback_open).toBe(1);
    expect((await p.editor.agent.put(`/api/reviews/feedback/${id}`, { resolved: false })).data.data.resolved).toBe(
      false,
    );

    const closed = await p.editor.agent.post(`/api/reviews/close/${review.id}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.data.data).toMatchObject({ state: 'closed', closed_at: expect.any(String) as string });
    const writes = [
      p.rae.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'Late' }),
      p.rae.agent.put(`/api/reviews/feedback/${id}`, { resolved: true }),
      p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.third.id, verdict: 'approved' }),
      p.editor.agent.post(`/api/reviews/close/${review.id}`),
      p.editor.agent.post(`/api/reviews/republish/${review.id}`),
      p.editor.agent.delete(`/api/reviews/${review.id}`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(422);
      expect(res.data.message).toMatch(/closed/);
    }
    expect((await detail(p.vic, review.id)).feedback).toHaveLength(2);
  });

  it('refuse bad input with 422 on the field, and change nothing', async () => {
    const other = await p.w.project('Other');
    const foreign = await p.w.document(other.id, 'FOR');
    const before = [await count(t, 'reviews', p.project.id), await count(t, 'baselines', p.project.id)];
    const base = {
      project_id: p.project.id,
      title: 'Bad',
      document_ids: [p.srs.id],
      participants: [{ user_id: p.ann.id, role: 'approver' }],
    };
    const post = (body: Record<string, unknown>) => p.editor.agent.post('/api/reviews', { ...base, ...body });
    const bad = await post({
      document_ids: [p.srs.id, foreign.id],
      participants: [
        { user_id: p.ann.id, role: 'approver' },
        { user_id: p.vic.id, role: 'reviewer' },
        { user_id: p.sam.id, role: 'approver' },
        { user_id: p.ann.id, role: 'reviewer' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.message).toEqual(expect.any(String));
    expect(Object.keys(bad.data.errors).sort()).toEqual([
      'document_ids.1',
      'participants.1.user_id',
      'participants.2.user_id',
      'participants.3.user_id',
    ]);
    expect(bad.data.errors['participants.1.user_id']).toEqual([
      'This person must be a member of the project with the role reviewer or above.',
    ]);
    for (const body of [
      { participants: [] },
      { participants: [{ user_id: p.ann.id, role: 'moderator' }] },
      { document_ids: [] },
      { title: '  ' },
      { due_date: '24/12/2026' },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.data.errors, JSON.stringify(body)).toBeTypeOf('object');
    }
    expect([await count(t, 'reviews', p.project.id), await count(t, 'baselines', p.project.id)]).toEqual(before);

    // A requirement outside the review: feedback and verdicts alike.
    const review = await startSrsReview(p, 'Bad input');
    for (const res of [
      await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, {
        requirement_id: p.need.id,
        kind: 'issue',
        content: 'x',
      }),
      await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.need.id, verdict: 'approved' }),
      await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: 999999, verdict: 'approved' }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.data.errors)).toEqual(['requirement_id']);
    }
    for (const res of [
      await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'praise', content: 'x' }),
      await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: '   ' }),
      await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict: 'maybe' }),
    ])
      expect(res.statusCode).toBe(422);
    expect((await p.editor.agent.get('/api/reviews/999999')).statusCode).toBe(404);
    expect((await p.editor.agent.get('/api/reviews/abc')).statusCode).toBe(404);
  });

  it('name their baseline apart from the project’s others', async () => {
    await p.w.ok('POST', '/api/baselines', { project_id: p.project.id, name: 'review: twin' });
    const review = await startSrsReview(p, 'Twin');
    const again = await startSrsReview(p, 'Twin');
    const nameOf = async (id: number) => (await p.owner.agent.get(`/api/baselines/${id}`)).data.data.name;
    expect(await nameOf(review.baseline_id)).toBe('Review: Twin (2)');
    expect(await nameOf(again.baseline_id)).toBe('Review: Twin (3)');
  });

  it('show what was reviewed after a change, and republish on a fresh baseline whose verdicts start anew', async () => {
    const review = await startSrsReview(p, 'Changing');
    await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict: 'approved' });
    await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'change', content: 'Say 30 km/h' });
    await p.w.ok('PUT', `/api/requirements/${p.first.id}`, {
      name: 'Braking at 30 km/h',
      description: '<p>Brake at 30 km/h</p>',
    });
    const still = await detail(p.rae, review.id);
    expect(still.items.find((i) => i.id === p.first.id)).toMatchObject({
      name: 'Braking',
      description: '<p>Braking</p>',
    });

    // Only the moderator republishes.
    expect((await p.owner.agent.post(`/api/reviews/republish/${review.id}`)).statusCode).toBe(403);
    const res = await p.editor.agent.post(`/api/reviews/republish/${review.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ revision: 2, counts: { items: 3, approved: 0, feedback_open: 1 } });
    expect(res.data.data.baseline_id).not.toBe(review.baseline_id);
    expect((await p.owner.agent.get(`/api/baselines/${res.data.data.baseline_id}`)).data.data.name).toBe(
      'Review: Changing, revision 2',
    );
    const now = await detail(p.rae, review.id);
    expect(now.earlier_baseline_ids).toEqual([review.baseline_id]);
    expect(now.items.find((i) => i.id === p.first.id)).toMatchObject({ name: 'Braking at 30 km/h', verdicts: [] });
    // The earlier verdict and feedback stay with the earlier baseline.
    const [kept] = rowsOf<{ baseline_id: number }>(
      await t.ctx.db.execute(sql`select baseline_id from review_verdicts where review_id = ${review.id}`),
    );
    expect(kept!.baseline_id).toBe(review.baseline_id);
    expect(now.feedback[0]!.baseline_id).toBe(review.baseline_id);
    await p.w.ok('PUT', `/api/requirements/${p.first.id}`, { name: 'Braking', description: '<p>Braking</p>' });
  });

  it('keep their baselines, and a closed or signed review, from deletion; an open unsigned one goes', async () => {
    const review = await startSrsReview(p, 'Kept');
    const del = await p.owner.agent.delete(`/api/baselines/${review.baseline_id}`);
    expect(del.statusCode).toBe(422);
    expect(del.data.message).toBe('This baseline is held by a review: delete the review first.');

    await insertSignature(t, review, p.ann, 'approved');
    const signed = await p.owner.agent.delete(`/api/baselines/${review.baseline_id}`);
    expect(signed.statusCode).toBe(422);
    expect(signed.data.message).toBe('This baseline is held by a signed review: it cannot be deleted.');
    const keep = await p.editor.agent.delete(`/api/reviews/${review.id}`);
    expect(keep.statusCode).toBe(422);
    expect(keep.data.message).toBe('A closed or signed review is kept: it cannot be deleted.');
    const shown = await detail(p.vic, review.id);
    expect(shown.signatures).toEqual([
      {
        id: expect.any(Number) as number,
        user: { id: p.ann.id, name: 'Ann Approver' },
        meaning: 'approved',
        signed_at: expect.any(String) as string,
        baseline_id: review.baseline_id,
        content_hash: '0'.repeat(64),
        revocation: null,
      },
    ]);
    expect(shown.participants.map((x) => x.signed)).toEqual([true, false, false]);
    expect(shown.approved).toBe(false);
    await insertSignature(t, review, p.bob, 'approved');
    expect((await detail(p.vic, review.id)).approved).toBe(true);

    // An open review without signatures goes, with a ReviewDeleted; its baseline is the project's again.
    const gone = await startSrsReview(p, 'Gone');
    const res = await p.editor.agent.request('DELETE', `/api/reviews/${gone.id}`, undefined, {
      headers: { prefer: 'return=representation' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.events).toContainEqual({
      name: 'ReviewDeleted',
      payload: { review_id: gone.id, project_id: p.project.id },
    });
    expect((await p.vic.agent.get(`/api/reviews/${gone.id}`)).statusCode).toBe(404);
    expect((await p.owner.agent.delete(`/api/baselines/${gone.baseline_id}`)).statusCode).toBe(204);
  });
});
