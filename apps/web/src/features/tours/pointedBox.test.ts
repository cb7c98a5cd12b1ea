import { describe, expect, it } from 'vitest';
import { DIALOG_ROOM, pointedBox, showsForStep } from './pointedBox';

// A window of 800 × 600 under a 60 px top bar.
const window = { width: 800, height: 600, top: 60 };

describe('what a tour step points at', () => {
  it('is the whole target when the dialog has room beside it', () => {
    const target = { top: 100, left: 20, width: 300, height: 120 };
    expect(pointedBox(target, window)).toEqual(target);
  });

  it('is the top of a target taller than the window, leaving the dialog its room below', () => {
    // The 200-row table of issue 31: 8,000 px tall, its top scrolled under the top bar.
    const table = { top: 76, left: 300, width: 480, height: 8_000 };
    const pointed = pointedBox(table, window);
    expect(pointed).toEqual({ top: 76, left: 300, width: 480, height: 600 - 60 - DIALOG_ROOM });
    expect(window.height - (pointed.top + pointed.height)).toBeGreaterThanOrEqual(DIALOG_ROOM - 16);
  });

  it('is the part inside the window, not what lies under the top bar or past an edge', () => {
    const target = { top: -200, left: -50, width: 1_000, height: 300 };
    expect(pointedBox(target, window)).toEqual({ top: 60, left: 0, width: 800, height: 40 });
  });

  it('keeps the box of a target wholly out of sight, which the step scrolls in first', () => {
    const below = { top: 900, left: 0, width: 100, height: 50 };
    expect(pointedBox(below, window)).toEqual(below);
  });
});

describe('whether a target shows for its step', () => {
  it('does with room above or below for the dialog', () => {
    expect(showsForStep({ top: 80, left: 0, width: 100, height: 100 }, window, false)).toBe(true);
    expect(showsForStep({ top: 420, left: 0, width: 100, height: 100 }, window, false)).toBe(true);
  });

  it('does not when the dialog fits neither above nor below, unless it stands beside', () => {
    const middle = { top: 200, left: 0, width: 100, height: 200 };
    expect(showsForStep(middle, window, false)).toBe(false);
    expect(showsForStep(middle, window, true)).toBe(true);
  });

  it('does not when its top is out of sight: a tall target centred by the scroll hid its top', () => {
    expect(showsForStep({ top: -3_700, left: 0, width: 400, height: 8_000 }, window, true)).toBe(false);
    expect(showsForStep({ top: 700, left: 0, width: 100, height: 40 }, window, true)).toBe(false);
  });
});
