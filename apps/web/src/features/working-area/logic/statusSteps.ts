/** Statuses (decisions §6): 0 draft, 1 written, 2 reviewed, 3 validated. */
export const STATUS_MAX = 3;

/**
 * The stepper (spec 2 §4) shows the three phases written, reviewed, validated as steps 0, 1, 2. Clicking the
 * current step (the one the status reaches next) advances by one; clicking the step just before goes back one;
 * other steps do nothing. Answers the new status, or null when the click changes nothing.
 */
export function statusAfterStepClick(status: number, stepIndex: number): number | null {
  if (stepIndex === status && status < STATUS_MAX) return status + 1;
  if (stepIndex === status - 1 && status > 0) return status - 1;
  return null;
}

/** Whether a step of the stepper can be clicked with this status. */
export function isStepClickable(status: number, stepIndex: number): boolean {
  return statusAfterStepClick(status, stepIndex) !== null;
}

/**
 * Why a step cannot be clicked (issue 31: a click on it did nothing, and said nothing): a step further than the next
 * one waits for the next (`ahead`, naming the status to give first); a reached step before the last one waits for
 * the later ones to be undone (`behind`, naming the status to undo first). Null for a step that can be clicked.
 */
export function stepBlock(status: number, stepIndex: number): { ahead: number } | { behind: number } | null {
  if (isStepClickable(status, stepIndex)) return null;
  return stepIndex > status ? { ahead: status + 1 } : { behind: status };
}
