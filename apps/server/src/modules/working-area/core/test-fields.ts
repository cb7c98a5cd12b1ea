import { and, eq, inArray } from 'drizzle-orm';
import type { TestStep } from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { documents, requirements, testRuns } from '../../../db/schema';
import { forbidden, invalid, type FieldErrors } from '../../../core/errors';
import { can } from '../../../policies/policy';
import type { User } from '../../../core/identity';

// The fields a test adds to a requirement (decisions §16) and the rules around them, shared by creation, update
// and runs.

export const TEST_FIELDS = ['initialConditions', 'previouslyPassedTests', 'steps'] as const;

/** Creating, changing or running a test needs the alpha flag; the membership check has already passed. */
export function requireTestAccess(user: User): void {
  if (!can(user, { do: 'feature.alpha' })) throw forbidden();
}

/**
 * Deleting a test needs the alpha flag, and a test without runs: its runs are evidence (decisions §16), so a test
 * that has any is kept (422 on `id`). Called under the delete's lock on the test's row, which keeping a run also
 * takes (and its foreign key too), so no run slips in between this check and the delete.
 */
export async function requireTestDeletable(tx: Db, user: User, testId: number): Promise<void> {
  requireTestAccess(user);
  const [run] = await tx.select({ id: testRuns.id }).from(testRuns).where(eq(testRuns.testId, testId)).limit(1);
  if (run) throw invalid({ id: ['validation.test_delete_runs'] });
}

/** Test fields sent for a requirement that is not a test: each is a field error (422). */
export function testFieldsOnRequirement(body: Partial<Record<(typeof TEST_FIELDS)[number], unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of TEST_FIELDS) if (body[field] !== undefined) errors[field] = ['validation.test_only'];
  return errors;
}

/** Previously passed tests are tests of the same project, never the test itself. */
export async function checkPreviousTests(
  db: Db,
  projectId: number,
  ids: number[],
  selfId: number | null,
  errors: FieldErrors,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: requirements.id })
    .from(requirements)
    .innerJoin(documents, eq(documents.id, requirements.documentId))
    .where(
      and(
        inArray(requirements.id, [...new Set(ids)]),
        eq(documents.projectId, projectId),
        eq(requirements.type, 'test'),
      ),
    );
  const tests = new Set(found.map((r) => r.id));
  ids.forEach((id, index) => {
    if (id === selfId || !tests.has(id)) errors[`previouslyPassedTests.${index}`] = ['validation.test_previous'];
  });
}

/** Whether new steps change what the test asks (not only the statuses and observations of a run). */
export function stepsChangeContent(before: TestStep[], after: TestStep[]): boolean {
  return (
    before.length !== after.length ||
    before.some((s, i) => s.description !== after[i]!.description || s.expectedResult !== after[i]!.expectedResult)
  );
}

/** Steps as stored: numbered 1…n (the schema checked the order), text without control characters. */
export function cleanSteps(steps: TestStep[]): TestStep[] {
  // eslint-disable-next-line no-control-regex -- exactly what is removed: PostgreSQL refuses NUL, the rest means nothing
  const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  return steps.map((s, i) => ({
    step: i + 1,
    description: clean(s.description),
    expectedResult: clean(s.expectedResult),
    status: s.status,
    observation: clean(s.observation),
  }));
}
