import { desc, eq } from 'drizzle-orm';
import type { TestRunPresented } from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { testRuns, users } from '../../../db/schema';

type TestRunRow = typeof testRuns.$inferSelect;

export function presentTestRun(row: TestRunRow, runnerName: string | null): TestRunPresented {
  return {
    id: row.id,
    test_id: row.testId,
    runner: row.runnerId !== null && runnerName !== null ? { id: row.runnerId, name: runnerName } : null,
    started_at: row.startedAt.toISOString(),
    duration_s: row.durationS,
    result: row.result,
    success_ratio: row.successRatio,
    steps: row.steps,
    created_at: row.createdAt.toISOString(),
  };
}

/** The runs of a test, newest first. */
export async function presentTestRuns(db: Db, testId: number): Promise<TestRunPresented[]> {
  const rows = await db
    .select({ run: testRuns, runner: users.name })
    .from(testRuns)
    .leftJoin(users, eq(users.id, testRuns.runnerId))
    .where(eq(testRuns.testId, testId))
    .orderBy(desc(testRuns.id));
  return rows.map((r) => presentTestRun(r.run, r.runner));
}
