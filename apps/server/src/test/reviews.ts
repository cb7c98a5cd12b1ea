import { sql } from 'drizzle-orm';
import type { ReviewDetailPresented, ReviewPresented } from '@reqloom/domain';
import { rowsOf } from '../db/prepared';
import { joinAs } from './members';
import type { SignedUp, TestApp } from './harness';
import { workingArea } from './working-area';

/**
 * A project for the review tests (decisions §23): Olive the maintainer, Eddie an editor (the moderator), Ann and Bob
 * approvers-to-be and Rae a reviewer-to-be (all three of role reviewer), Vic a viewer, and Sam a stranger. One
 * document, SRS, with three requirements in a category; an other document, URS, with one.
 */
export async function reviewProject(t: TestApp) {
  const owner = await t.signUp({ name: 'Olive Owner' });
  const editor = await t.signUp({ name: 'Eddie Editor' });
  const ann = await t.signUp({ name: 'Ann Approver' });
  const bob = await t.signUp({ name: 'Bob Approver' });
  const rae = await t.signUp({ name: 'Rae Reviewer' });
  const vic = await t.signUp({ name: 'Vic Viewer' });
  const sam = await t.signUp({ name: 'Sam Stranger' });
  const w = workingArea(owner);
  const project = await w.project('Brakes');
  await joinAs(t, owner, project, editor, 'editor');
  for (const member of [ann, bob, rae]) await joinAs(t, owner, project, member, 'reviewer');
  await joinAs(t, owner, project, vic, 'viewer');
  const srs = await w.document(project.id, 'SRS');
  const urs = await w.document(project.id, 'URS');
  const cat = await w.category(srs.id, 'INT');
  const first = await w.requirement(srs.id, 'Braking');
  const second = await w.requirement(srs.id, 'Steering', cat.id);
  const third = await w.requirement(srs.id, 'Lights');
  const need = await w.requirement(urs.id, 'Need');
  return { owner, editor, ann, bob, rae, vic, sam, w, project, srs, urs, first, second, third, need };
}
export type ReviewProject = Awaited<ReturnType<typeof reviewProject>>;

/** Eddie starts a review of SRS with Ann and Bob approvers and Rae reviewer. */
export async function startSrsReview(p: ReviewProject, title = 'SRS sign-off') {
  const res = await p.editor.agent.post('/api/reviews', {
    project_id: p.project.id,
    title,
    description: 'Before release',
    document_ids: [p.srs.id],
    due_date: '2026-12-24',
    participants: [
      { user_id: p.ann.id, role: 'approver' },
      { user_id: p.bob.id, role: 'approver' },
      { user_id: p.rae.id, role: 'reviewer' },
    ],
  });
  if (res.statusCode !== 201) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  return res.data.data as ReviewPresented;
}

export const detail = async (user: SignedUp, id: number) => {
  const res = await user.agent.get(`/api/reviews/${id}`);
  if (res.statusCode !== 200) throw new Error(`GET failed: ${res.statusCode} ${res.body}`);
  return res.data.data as ReviewDetailPresented;
};

/** A signature row as the signing route will write it (wt-E's), straight into the table. */
export async function insertSignature(
  t: TestApp,
  review: { id: number; baseline_id: number },
  user: SignedUp,
  meaning: 'approved' | 'rejected' | 'reviewed',
) {
  const [row] = rowsOf<{ id: number }>(
    await t.ctx.db
      .execute(sql`insert into review_signatures (review_id, baseline_id, user_id, user_name, meaning, content_hash)
      values (${review.id}, ${review.baseline_id}, ${user.id}, ${user.name}, ${meaning}, ${'0'.repeat(64)}) returning id`),
  );
  return row!.id;
}

export async function count(t: TestApp, table: string, projectId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where project_id = ${projectId}`),
  );
  return Number(row!.n);
}
