import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { setRole } from '../../test/members';
import { detail, reviewProject, startSrsReview, type ReviewProject } from '../../test/reviews';

/**
 * Who may do what in a review (decisions §20, §23): the route's least role first (the permission walk covers it),
 * then the review's own parts: the moderator, participants, approvers, a feedback's author. A refusal is 403 and
 * changes nothing.
 */
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

const FORBIDDEN = 'This action is unauthorized.';

describe('review rights', () => {
  it('let only editors start one, and refuse each role what is not its part', async () => {
    const body = {
      project_id: p.project.id,
      title: 'Not yours',
      document_ids: [p.srs.id],
      participants: [{ user_id: p.ann.id, role: 'approver' }],
    };
    for (const who of [p.vic, p.rae, p.sam]) {
      const res = await who.agent.post('/api/reviews', body);
      expect(res.statusCode).toBe(403);
      expect(res.data.message).toBe(FORBIDDEN);
    }
    // A maintainer may start one too (an editor and more).
    expect((await p.owner.agent.post('/api/reviews', body)).statusCode).toBe(201);

    const review = await startSrsReview(p, 'Rights');
    const feedback = (
      await p.rae.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'Mine' })
    ).data.data;
    const refusals = [
      // Feedback: not a participant (the maintainer, a viewer, a stranger).
      p.owner.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'x' }),
      p.vic.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'x' }),
      p.sam.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'x' }),
      // Resolving: neither the author nor the moderator (another participant, the maintainer).
      p.ann.agent.put(`/api/reviews/feedback/${feedback.id}`, { resolved: true }),
      p.owner.agent.put(`/api/reviews/feedback/${feedback.id}`, { resolved: true }),
      // Verdicts: only approvers (not the reviewer, not the moderator).
      p.rae.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict: 'approved' }),
      p.editor.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict: 'approved' }),
      // Closing and republishing: only the moderator.
      p.owner.agent.post(`/api/reviews/close/${review.id}`),
      p.ann.agent.post(`/api/reviews/close/${review.id}`),
      p.owner.agent.post(`/api/reviews/republish/${review.id}`),
      // Deleting: the moderator or a maintainer; not another participant, nor a viewer.
      p.ann.agent.delete(`/api/reviews/${review.id}`),
      p.vic.agent.delete(`/api/reviews/${review.id}`),
      // A stranger reads nothing.
      p.sam.agent.get(`/api/reviews/${review.id}`),
      p.sam.agent.get(`/api/projects/reviews/${p.project.id}`),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.data.message).toBe(FORBIDDEN);
    }
    const after = await detail(p.vic, review.id);
    expect(after).toMatchObject({ state: 'open', revision: 1, counts: { approved: 0, rejected: 0, feedback_open: 1 } });
    expect(after.feedback).toHaveLength(1);

    // Another editor who is not the moderator may not delete it; a maintainer may.
    await setRole(p.owner, p.project.id, p.vic, 'editor');
    expect((await p.vic.agent.delete(`/api/reviews/${review.id}`)).statusCode).toBe(403);
    await setRole(p.owner, p.project.id, p.vic, 'viewer');
    expect((await p.owner.agent.delete(`/api/reviews/${review.id}`)).statusCode).toBe(204);
  });

  it('take nothing more from a participant removed from the project, or dropped to viewer', async () => {
    const review = await startSrsReview(p, 'Removed');
    expect(
      (await p.bob.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.first.id, verdict: 'approved' }))
        .statusCode,
    ).toBe(200);
    const removed = await p.owner.agent.delete(`/api/projects/members/${p.project.id}/${p.bob.id}`);
    expect(removed.statusCode).toBe(204);
    for (const res of [
      await p.bob.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: p.second.id, verdict: 'approved' }),
      await p.bob.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'Still here?' }),
      await p.bob.agent.get(`/api/reviews/${review.id}`),
    ])
      expect(res.statusCode).toBe(403);
    // The review still names them, with the verdict they gave while a member.
    const shown = await detail(p.ann, review.id);
    expect(shown.participants.find((x) => x.user.id === p.bob.id)).toMatchObject({
      role: 'approver',
      verdict_count: 1,
    });

    await setRole(p.owner, p.project.id, p.ann, 'viewer');
    const dropped = await p.ann.agent.put(`/api/reviews/verdict/${review.id}`, {
      requirement_id: p.first.id,
      verdict: 'approved',
    });
    expect(dropped.statusCode).toBe(403);
    await setRole(p.owner, p.project.id, p.ann, 'reviewer');
    // A former member is no candidate for a new review either.
    const again = await p.editor.agent.post('/api/reviews', {
      project_id: p.project.id,
      title: 'Without Bob',
      document_ids: [p.srs.id],
      participants: [{ user_id: p.bob.id, role: 'approver' }],
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.data.errors)).toEqual(['participants.0.user_id']);
  });

  it('keep both verdicts of two approvers who give them at the same instant', async () => {
    // Bob left in the test above: Ann and Rae approve here.
    const started = await p.editor.agent.post('/api/reviews', {
      project_id: p.project.id,
      title: 'At once',
      document_ids: [p.srs.id],
      participants: [
        { user_id: p.ann.id, role: 'approver' },
        { user_id: p.rae.id, role: 'approver' },
      ],
    });
    const review = started.data.data as { id: number };
    const results = await Promise.all(
      [p.first, p.second, p.third].flatMap((requirement) =>
        [p.ann, p.rae].map((who) =>
          who.agent.put(`/api/reviews/verdict/${review.id}`, { requirement_id: requirement.id, verdict: 'approved' }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const shown = await detail(p.vic, review.id);
    expect(shown.counts).toMatchObject({ items: 3, approved: 3, rejected: 0 });
    for (const item of shown.items)
      expect(item.verdicts.map((v) => v.user_id).sort()).toEqual([p.ann.id, p.rae.id].sort());
    expect(shown.participants.map((x) => x.verdict_count)).toEqual([3, 3]);
  });
});
