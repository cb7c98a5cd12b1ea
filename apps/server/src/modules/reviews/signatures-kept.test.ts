import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/prepared';
import { useWorkingArea } from '../../test/working-area';

/**
 * Signatures are never changed (decisions §23), and the database says so itself (migration 0022's triggers): whatever
 * the application does, a signature row takes one change, its revocation, and is deleted only with its project; a
 * signed review's row is kept too.
 */
const s = useWorkingArea();

async function signedReview() {
  const project = await s.w.project();
  const document = await s.w.document(project.id, 'SRS');
  await s.w.requirement(document.id, 'Braking');
  const baseline = await s.w.ok('POST', '/api/baselines', { project_id: project.id, name: 'B' });
  const db = s.t.ctx.db;
  const [review] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into reviews (project_id, title, moderator_id, baseline_id) values (${project.id}, 'R', ${s.user.id}, ${baseline.id}) returning id`,
    ),
  );
  await db.execute(
    sql`insert into review_baselines (review_id, baseline_id, revision) values (${review!.id}, ${baseline.id}, 1)`,
  );
  const [signature] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into review_signatures (review_id, baseline_id, user_id, user_name, meaning, content_hash)
          values (${review!.id}, ${baseline.id}, ${s.user.id}, 'Ada', 'approved', 'abc') returning id`,
    ),
  );
  return { project, baseline, reviewId: review!.id, signatureId: signature!.id };
}

const refused = (query: ReturnType<typeof sql>) => expect(s.t.ctx.db.execute(query)).rejects.toThrow();

describe('signature rows', () => {
  it('refuse every change but one revocation, and every deletion but the project’s', async () => {
    const { project, baseline, reviewId, signatureId } = await signedReview();
    const db = s.t.ctx.db;
    await refused(sql`update review_signatures set meaning = 'rejected' where id = ${signatureId}`);
    await refused(sql`update review_signatures set content_hash = 'def' where id = ${signatureId}`);
    // A revocation without its reason, or that changes anything else at once, is refused too.
    await refused(sql`update review_signatures set revoked_at = now() where id = ${signatureId}`);
    await refused(
      sql`update review_signatures set revoked_at = now(), revoked_reason = 'x', user_name = 'Eve' where id = ${signatureId}`,
    );
    await refused(sql`delete from review_signatures where id = ${signatureId}`);
    await refused(sql`delete from reviews where id = ${reviewId}`);
    await refused(sql`delete from baselines where id = ${baseline.id}`);

    await db.execute(
      sql`update review_signatures set revoked_at = now(), revoked_reason = 'Wrong file' where id = ${signatureId}`,
    );
    // Once revoked, a revocation is not rewritten.
    await refused(sql`update review_signatures set revoked_reason = 'Other' where id = ${signatureId}`);
    await refused(sql`update review_signatures set revoked_at = null, revoked_reason = null where id = ${signatureId}`);
    const [row] = rowsOf<{ meaning: string; revoked_reason: string }>(
      await db.execute(sql`select meaning, revoked_reason from review_signatures where id = ${signatureId}`),
    );
    expect(row).toEqual({ meaning: 'approved', revoked_reason: 'Wrong file' });

    // The project's deletion takes the review and its signatures with it.
    await s.w.ok('DELETE', `/api/projects/${project.id}`);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from review_signatures where review_id = ${reviewId}`),
    );
    expect(left!.n).toBe(0);
  });
});
