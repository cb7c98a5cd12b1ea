import { testRunOutcome, type TestRunPresented, type TestStep } from '@reqloom/domain';

// The test player's states (spec 2 §4), as a pure reducer: the screen dispatches, the stopwatch ticks, and the
// rules (which step is current, which may be set, when the run is over) live here, where a unit test reaches them.

export type PlayerPhase = 'notStarted' | 'inProgress' | 'paused' | 'completed';

export interface PlayerStep {
  step: number;
  description: string;
  expectedResult: string;
  status: boolean | null;
  observation: string;
}

export interface PlayerState {
  phase: PlayerPhase;
  steps: PlayerStep[];
  /** Seconds on the stopwatch: it counts only while the run is in progress. */
  elapsed: number;
  /** When the run was (freshly) started, ISO 8601; null before. */
  startedAt: string | null;
}

export type PlayerAction =
  | { type: 'load'; steps: readonly TestStep[] }
  | { type: 'start'; now: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'tick' }
  | { type: 'set'; index: number; status: boolean }
  | { type: 'observe'; index: number; observation: string };

/** The player of a test, before its start: the test's steps as it holds them (a last run's statuses shown). */
export function initialPlayerState(steps: readonly TestStep[]): PlayerState {
  return { phase: 'notStarted', steps: steps.map((s) => ({ ...s })), elapsed: 0, startedAt: null };
}

/** The current step: the first without a status; steps.length when all are set. */
export function currentStepIndex(steps: readonly Pick<PlayerStep, 'status'>[]): number {
  const index = steps.findIndex((s) => s.status === null);
  return index === -1 ? steps.length : index;
}

/** Whether a step may be set now: during a run (in progress or paused), and only up to the current step. */
export function canSetStep(state: PlayerState, index: number): boolean {
  if (state.phase !== 'inProgress' && state.phase !== 'paused') return false;
  return index >= 0 && index < state.steps.length && index <= currentStepIndex(state.steps);
}

/** A step with an expected result is judged ok or not ok; the others are only done. */
export const isChecked = (step: Pick<PlayerStep, 'expectedResult'>): boolean => step.expectedResult.trim() !== '';

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'load':
      // The test changed before anyone played it here: show it as it now is. A run under way or just completed
      // keeps its own steps (the test takes a completed run's statuses anyway).
      return state.phase === 'notStarted' ? initialPlayerState(action.steps) : state;
    case 'start':
      // A fresh start (from not started or completed): statuses and observations cleared, the stopwatch at zero.
      if (state.phase === 'inProgress' || state.phase === 'paused' || state.steps.length === 0) return state;
      return {
        phase: 'inProgress',
        steps: state.steps.map((s) => ({ ...s, status: null, observation: '' })),
        elapsed: 0,
        startedAt: action.now,
      };
    case 'pause':
      return state.phase === 'inProgress' ? { ...state, phase: 'paused' } : state;
    case 'resume':
      return state.phase === 'paused' ? { ...state, phase: 'inProgress' } : state;
    case 'tick':
      return state.phase === 'inProgress' ? { ...state, elapsed: state.elapsed + 1 } : state;
    case 'set': {
      if (!canSetStep(state, action.index)) return state;
      const steps = state.steps.map((s, i) => (i === action.index ? { ...s, status: action.status } : s));
      // Setting a step while paused resumes; the last one set ends the run.
      const done = currentStepIndex(steps) === steps.length;
      return { ...state, steps, phase: done ? 'completed' : 'inProgress' };
    }
    case 'observe':
      if (state.phase === 'notStarted' || action.index < 0 || action.index >= state.steps.length) return state;
      return {
        ...state,
        steps: state.steps.map((s, i) => (i === action.index ? { ...s, observation: action.observation } : s)),
      };
  }
}

/** The verdict of a completed run: pass or fail, and the success ratio in whole percent. */
export const playerOutcome = (state: PlayerState) => testRunOutcome(state.steps);

/** The stopwatch's face: hh : mm : ss. */
export function formatStopwatch(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))} : ${pad(Math.floor((whole % 3600) / 60))} : ${pad(whole % 60)}`;
}

/** What the server keeps of a completed run (decisions §16). */
export function runBody(state: PlayerState) {
  return {
    started_at: state.startedAt ?? new Date().toISOString(),
    duration_s: state.elapsed,
    steps: state.steps.map((s) => ({ step: s.step, status: s.status, observation: s.observation })),
  };
}

/** How the keeping of a completed run goes. */
export type RunSaving =
  { state: 'saving' } | { state: 'saved'; run: TestRunPresented } | { state: 'failed'; error: unknown };
