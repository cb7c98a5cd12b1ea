import { describe, expect, it } from 'vitest';
import type { TestStep } from '@reqloom/domain';
import {
  canSetStep,
  currentStepIndex,
  formatStopwatch,
  initialPlayerState,
  playerOutcome,
  playerReducer,
  runBody,
  type PlayerAction,
  type PlayerState,
} from './playerState';

const step = (n: number, expectedResult: string, status: boolean | null = null, observation = ''): TestStep => ({
  step: n,
  description: `Step ${n}`,
  expectedResult,
  status,
  observation,
});

// Two checked steps around one that is only done; the test keeps a last run's statuses and observations.
const steps = [step(1, 'Page opens', true, 'fine'), step(2, ''), step(3, 'Saved', false, 'error shown')];
const NOW = '2026-11-25T10:00:00.000Z';
const play = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const started = () => play(initialPlayerState(steps), { type: 'start', now: NOW });

describe('the test player (spec 2 §4)', () => {
  it('is not started at first, shows the last run and lets no step be set', () => {
    const state = initialPlayerState(steps);
    expect(state.phase).toBe('notStarted');
    expect(state.steps.map((s) => s.status)).toEqual([true, null, false]);
    expect(canSetStep(state, 0)).toBe(false);
    expect(play(state, { type: 'set', index: 0, status: true })).toBe(state);
    expect(play(state, { type: 'tick' }).elapsed).toBe(0);
  });

  it('a fresh start clears the statuses and observations and starts the stopwatch at zero', () => {
    const state = started();
    expect(state.phase).toBe('inProgress');
    expect(state.startedAt).toBe(NOW);
    expect(state.elapsed).toBe(0);
    expect(state.steps.map((s) => [s.status, s.observation])).toEqual([
      [null, ''],
      [null, ''],
      [null, ''],
    ]);
  });

  it('does not start a test without steps', () => {
    const empty = initialPlayerState([]);
    expect(play(empty, { type: 'start', now: NOW }).phase).toBe('notStarted');
  });

  it('counts seconds only while in progress; pause and resume', () => {
    let state = play(started(), { type: 'tick' }, { type: 'tick' });
    expect(state.elapsed).toBe(2);
    state = play(state, { type: 'pause' }, { type: 'tick' });
    expect(state.phase).toBe('paused');
    expect(state.elapsed).toBe(2);
    state = play(state, { type: 'resume' }, { type: 'tick' });
    expect(state.phase).toBe('inProgress');
    expect(state.elapsed).toBe(3);
  });

  it('the current step is the first without a status; only steps up to it can be set', () => {
    let state = started();
    expect(currentStepIndex(state.steps)).toBe(0);
    expect([0, 1, 2].map((i) => canSetStep(state, i))).toEqual([true, false, false]);
    expect(play(state, { type: 'set', index: 2, status: true })).toBe(state);
    state = play(state, { type: 'set', index: 0, status: true });
    expect(currentStepIndex(state.steps)).toBe(1);
    expect([0, 1, 2].map((i) => canSetStep(state, i))).toEqual([true, true, false]);
    // A step already set can be set again (it stays before the current one).
    state = play(state, { type: 'set', index: 0, status: false });
    expect(state.steps[0]?.status).toBe(false);
    expect(currentStepIndex(state.steps)).toBe(1);
  });

  it('setting a step while paused resumes', () => {
    const state = play(started(), { type: 'pause' }, { type: 'set', index: 0, status: true });
    expect(state.phase).toBe('inProgress');
  });

  it('keeps observations per step during a run', () => {
    const state = play(started(), { type: 'observe', index: 1, observation: 'slow' });
    expect(state.steps[1]?.observation).toBe('slow');
    expect(play(initialPlayerState(steps), { type: 'observe', index: 1, observation: 'x' }).steps[1]?.observation).toBe(
      '',
    );
  });

  it('completes when every step is set: pass when none is false', () => {
    const state = play(
      started(),
      { type: 'tick' },
      { type: 'set', index: 0, status: true },
      { type: 'set', index: 1, status: true },
      { type: 'set', index: 2, status: true },
      { type: 'tick' },
    );
    expect(state.phase).toBe('completed');
    expect(state.elapsed).toBe(1);
    expect(playerOutcome(state)).toEqual({ result: 'pass', success_ratio: 100 });
    expect(runBody(state)).toEqual({
      started_at: NOW,
      duration_s: 1,
      steps: [
        { step: 1, status: true, observation: '' },
        { step: 2, status: true, observation: '' },
        { step: 3, status: true, observation: '' },
      ],
    });
  });

  it('fails when a step is not ok; the ratio counts only the steps with an expected result', () => {
    const state = play(
      started(),
      { type: 'set', index: 0, status: true },
      { type: 'set', index: 1, status: true },
      { type: 'set', index: 2, status: false },
    );
    expect(state.phase).toBe('completed');
    expect(playerOutcome(state)).toEqual({ result: 'fail', success_ratio: 50 });
    expect(canSetStep(state, 0)).toBe(false);
  });

  it('starts afresh after completion; a new load shows only before a run', () => {
    const done = play(started(), ...[0, 1, 2].map((index): PlayerAction => ({ type: 'set', index, status: true })));
    const again = play(done, { type: 'start', now: '2026-11-25T11:00:00.000Z' });
    expect(again.phase).toBe('inProgress');
    expect(again.steps.every((s) => s.status === null)).toBe(true);
    expect(play(again, { type: 'load', steps: [step(1, '')] })).toBe(again);
    expect(play(done, { type: 'load', steps: [step(1, '')] })).toBe(done);
    expect(play(initialPlayerState(steps), { type: 'load', steps: [step(1, '')] }).steps).toHaveLength(1);
  });

  it('shows the stopwatch as hh : mm : ss', () => {
    expect(formatStopwatch(0)).toBe('00 : 00 : 00');
    expect(formatStopwatch(59)).toBe('00 : 00 : 59');
    expect(formatStopwatch(3661)).toBe('01 : 01 : 01');
    expect(formatStopwatch(100 * 3600)).toBe('100 : 00 : 00');
  });
});
