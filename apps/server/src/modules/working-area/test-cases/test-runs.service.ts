import { eq } from 'drizzle-orm';
import { testRunOutcome, type CreateTestRunBody, type TestRunPresented } from '@reqloom/domain';
import { loadRequirementRowForWrite } from '../../../core/locks';
import { requirements, testRuns } from '../../../db/schema';
import { invalid, notFound } from '../../../core/errors';
import type { ProjectRow } from '../../../policies/project-access';
import type { Work } from '../../../core/work';
import type { User } from '../../../core/identity';
import { presentTestRun } from './test-runs.presenter';
import { requirementReferenceOf } from '../../../read/audit-references';
import { cleanSteps, requireTestAccess } from '../core/test-fields';

/**
 * Keeps a finished run (decisions §16): every step of the test, in order, with a status. The verdict and the
 * success ratio are the server's (testRunOutcome), never the client's. The test's steps take the run's statuses and
 * observations, which changes its version but not its content: its links do not go stale.
 */
export async function recordTestRun(
  work: Work,
  user: User,
  project: ProjectRow,
  testId: number,
  body: CreateTestRunBody,
): Promise<TestRunPresented> {
  requireTestAccess(user);
  const { tx } = work;
  // The test's own steps only: its row's lock, so that testers running a campaign in one document do not queue.
  const test = await loadRequirementRowForWrite(tx, testId);
  if (test.type !== 'test') throw notFound();
  const matches =
    body.steps.length === test.steps.length &&
    body.steps.length > 0 &&
    body.steps.every((s, i) => s.step === i + 1 && s.status !== null);
  if (!matches) throw invalid({ steps: ['validation.test_run_steps'] });
  const steps = cleanSteps(
    test.steps.map((s, i) => ({ ...s, status: body.steps[i]!.status, observation: body.steps[i]!.observation })),
  );
  const outcome = testRunOutcome(steps);
  const [run] = await tx
    .insert(testRuns)
    .values({
      testId: test.id,
      runnerId: user.id,
      startedAt: new Date(body.started_at),
      durationS: body.duration_s,
      result: outcome.result,
      successRatio: outcome.success_ratio,
      steps,
    })
    .returning();
  await tx.update(requirements).set({ steps }).where(eq(requirements.id, test.id));
  // The run is kept as a row of its own; the trail names it by its test and says how the test's statuses moved.
  work.record(
    { name: 'RequirementChanged', projectId: project.id, requirementId: test.id },
    {
      action: 'updated',
      entityType: 'test_run',
      entityId: run!.id,
      reference: await requirementReferenceOf(tx, test.id),
      documentId: test.documentId,
      changes: {
        result: { new: outcome.result },
        success_ratio: { new: outcome.success_ratio },
        step_statuses: { old: test.steps.map((s) => s.status), new: steps.map((s) => s.status) },
      },
    },
  );
  return presentTestRun(run!, user.name);
}
