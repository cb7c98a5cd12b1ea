import type { TestStep } from '@reqloom/domain';

// The step table's edits, kept as pure functions: numbers always 1…n in order (the server refuses others).

const renumber = (steps: TestStep[]): TestStep[] => steps.map((s, i) => (s.step === i + 1 ? s : { ...s, step: i + 1 }));

export const addStep = (steps: readonly TestStep[]): TestStep[] => [
  ...steps,
  { step: steps.length + 1, description: '', expectedResult: '', status: null, observation: '' },
];

export const removeStep = (steps: readonly TestStep[], index: number): TestStep[] =>
  renumber(steps.filter((_, i) => i !== index));

export function moveStep(steps: readonly TestStep[], index: number, direction: 'up' | 'down'): TestStep[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}

export const editStep = (
  steps: readonly TestStep[],
  index: number,
  field: 'description' | 'expectedResult',
  text: string,
): TestStep[] => steps.map((s, i) => (i === index ? { ...s, [field]: text } : s));

/** Whether the draft differs from the test's steps in what the table edits (text and order). */
export function stepsChanged(draft: readonly TestStep[], saved: readonly TestStep[]): boolean {
  return (
    draft.length !== saved.length ||
    draft.some((s, i) => {
      const o = saved[i];
      return !o || s.description !== o.description || s.expectedResult !== o.expectedResult || s.status !== o.status;
    })
  );
}
