import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/prepared';
import { reviewSignatures, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { reviewScene, sign } from '../../test/signatures';

// PostgreSQL only (a second connection holds the review while both signatures wait): two approvers signing at the
// same instant (issue 36 §4). The review's row is held `for update` here, so both signings queue on it with their
// passwords already checked; released, they run at once on two connections. Both must be kept, and nothing else.

let t: TestApp;
// A fresh app takes long on a loaded machine: the hook is given the time.
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** How many sessions of this database wait for a lock (the two signings, once both are queued on the review). */
const waiting = async () =>
  Number(
    rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    )[0]?.n ?? 0,
  );

describe('two approvers signing at the same instant', () => {
  it('are both kept: the signatures take different rows and neither waits on the other’s', async () => {
    const s = await reviewScene(t);
    let signings: Promise<{ statusCode: number }[]> | undefined;
    await t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, s.review.id)).for('update');
      signings = Promise.all([sign(s.ann, s.review.id), sign(s.bob, s.review.id)]);
      // Both requests have passed their checks and wait on the row: release them together.
      for (let i = 0; i < 2000 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 5));
      expect(await waiting()).toBe(2);
    });
    const answers = await signings!;
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const rows = await t.ctx.db.select().from(reviewSignatures).where(eq(reviewSignatures.reviewId, s.review.id));
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual([s.ann.id, s.bob.id].sort((a, b) => a - b));
    expect(new Set(rows.map((r) => r.contentHash)).size).toBe(1);
    expect((await s.vic.agent.get(`/api/reviews/${s.review.id}`)).data.data.approved).toBe(true);
  });
});
