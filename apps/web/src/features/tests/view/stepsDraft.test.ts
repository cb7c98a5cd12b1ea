import { describe, expect, it } from 'vitest';
import type { TestStep } from '@reqloom/domain';
import { addStep, editStep, moveStep, removeStep, stepsChanged } from './stepsDraft';

const step = (n: number, description: string): TestStep => ({
  step: n,
  description,
  expectedResult: '',
  status: null,
  observation: '',
});
const steps = [step(1, 'a'), step(2, 'b'), step(3, 'c')];
const texts = (list: TestStep[]) => list.map((s) => `${s.step}${s.description}`);

describe('the step table of a test', () => {
  it('adds an empty step at the end', () => {
    expect(texts(addStep(steps))).toEqual(['1a', '2b', '3c', '4']);
  });

  it('removes a step and numbers the rest 1…n', () => {
    expect(texts(removeStep(steps, 0))).toEqual(['1b', '2c']);
  });

  it('moves a step up or down, never past the ends', () => {
    expect(texts(moveStep(steps, 2, 'up'))).toEqual(['1a', '2c', '3b']);
    expect(texts(moveStep(steps, 0, 'down'))).toEqual(['1b', '2a', '3c']);
    expect(texts(moveStep(steps, 0, 'up'))).toEqual(['1a', '2b', '3c']);
    expect(texts(moveStep(steps, 2, 'down'))).toEqual(['1a', '2b', '3c']);
  });

  it('tells a changed draft from the saved steps', () => {
    expect(stepsChanged(steps, steps)).toBe(false);
    expect(stepsChanged(editStep(steps, 1, 'expectedResult', 'ok'), steps)).toBe(true);
    expect(stepsChanged(moveStep(steps, 0, 'down'), steps)).toBe(true);
    expect(stepsChanged(removeStep(steps, 2), steps)).toBe(true);
  });
});
