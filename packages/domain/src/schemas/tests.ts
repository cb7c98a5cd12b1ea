import { z } from 'zod';
import { idSchema } from './fields';

// Tests (alpha; decisions §16): a requirement with `type: "test"` that adds initial conditions, the tests that
// must have passed before it, and steps, and whose runs are kept.

export const TEST_STEPS_MAX = 500;
export const TEST_STEP_TEXT_MAX = 10_000;
export const PREVIOUS_TESTS_MAX = 200;

const stepText = z.string().max(TEST_STEP_TEXT_MAX);

/** A step as the test holds it: numbered 1…n in order; status null (not run), true (ok or done) or false. */
export const testStep = z.object({
  step: z.number().int().min(1).max(TEST_STEPS_MAX),
  description: stepText,
  expectedResult: stepText,
  status: z.boolean().nullable(),
  observation: stepText,
});
export type TestStep = z.infer<typeof testStep>;

/** Steps as sent: text may be left out (empty), the numbers must be 1…n in order. */
export const testStepsSchema = z
  .array(
    z.object({
      step: z.number().int().min(1).max(TEST_STEPS_MAX),
      description: stepText.default(''),
      expectedResult: stepText.default(''),
      status: z.boolean().nullable().default(null),
      observation: stepText.default(''),
    }),
  )
  .max(TEST_STEPS_MAX)
  .superRefine((steps, ctx) => {
    steps.forEach((s, i) => {
      if (s.step !== i + 1) ctx.addIssue({ code: 'custom', path: [i, 'step'], message: 'validation.test_step_order' });
    });
  });

export const previouslyPassedTestsSchema = z.array(idSchema).max(PREVIOUS_TESTS_MAX);

/** What a step of a run says: the test's step number, its status and the observation. */
export const testRunStepBody = z.object({
  step: z.number().int().min(1).max(TEST_STEPS_MAX),
  status: z.boolean().nullable(),
  observation: stepText.default(''),
});

/** POST requirements/testruns/{id}: a finished run of the test (decisions §16). */
export const createTestRunBody = z.object({
  started_at: z.iso.datetime({ offset: true }),
  /** At most 30 days. */
  duration_s: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600),
  steps: z.array(testRunStepBody).max(TEST_STEPS_MAX),
});
export type CreateTestRunBody = z.infer<typeof createTestRunBody>;

export const testRunPresented = z.object({
  id: z.number(),
  test_id: z.number(),
  runner: z.object({ id: z.number(), name: z.string() }).nullable(),
  started_at: z.string(),
  duration_s: z.number(),
  result: z.enum(['pass', 'fail']),
  /** Ok steps among the steps with an expected result, as a whole percentage (100 when there is none). */
  success_ratio: z.number(),
  steps: z.array(testStep),
  created_at: z.string(),
});
export type TestRunPresented = z.infer<typeof testRunPresented>;

/**
 * A run's verdict (spec 2 §4): pass when no step is false; the success ratio counts the ok steps among those with an
 * expected result (the others are just "done").
 */
export function testRunOutcome(steps: Pick<TestStep, 'expectedResult' | 'status'>[]): {
  result: 'pass' | 'fail';
  success_ratio: number;
} {
  const checked = steps.filter((s) => s.expectedResult.trim() !== '');
  const ok = checked.filter((s) => s.status === true).length;
  return {
    result: steps.some((s) => s.status === false) ? 'fail' : 'pass',
    success_ratio: checked.length === 0 ? 100 : Math.round((ok / checked.length) * 100),
  };
}
