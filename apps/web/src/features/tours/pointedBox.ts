/**
 * Room kept in the window for a step's dialog beside what it points at: the tallest step (French text, 380 px
 * wide) is about 260 px, with its 12 px offset and a margin (300 left the Requirements step 1 % outside the window once the
 * document header gained its Quality link). A target that leaves less room than this is pointed
 * at by its top only, so that the dialog fits above or below it.
 */
export const DIALOG_ROOM = 340;

/** The least a step points at: a header row, or the first lines of a text. */
const LEAST_POINTED = 48;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The window as a step sees it: its size, and the bottom of the sticky top bar (nothing shows above it). */
export interface StepWindow {
  width: number;
  height: number;
  top: number;
}

/** How tall a pointed part may be: what leaves the dialog its room in the window. */
export function pointedHeightLimit(window: StepWindow): number {
  return Math.max(LEAST_POINTED, window.height - window.top - DIALOG_ROOM);
}

/**
 * What a step points at, given its target's box: the part of the target inside the window, and of a tall target
 * its top only (issue 31). Placed beside a whole 200-row table, the dialog had no room above nor below it and was
 * drawn 345 px above the window. A target wholly out of sight keeps its box: the step scrolls it in first.
 */
export function pointedBox(target: Box, window: StepWindow): Box {
  const top = Math.max(target.top, window.top);
  const left = Math.max(target.left, 0);
  const right = Math.min(target.left + target.width, window.width);
  const bottom = Math.min(target.top + target.height, window.height, top + pointedHeightLimit(window));
  if (bottom <= top || right <= left) return target;
  return { top, left, width: right - left, height: bottom - top };
}

/**
 * Whether a target already shows as its step needs it: its pointed part inside the window and, for a dialog placed
 * above or below it (not `beside`), room for the dialog on one of those sides. Otherwise the step scrolls the
 * target's top to the top of the window.
 */
export function showsForStep(target: Box, window: StepWindow, beside: boolean): boolean {
  const pointedBottom = target.top + Math.min(target.height, pointedHeightLimit(window));
  if (target.top < window.top || pointedBottom > window.height) return false;
  return beside || target.top - window.top >= DIALOG_ROOM || window.height - pointedBottom >= DIALOG_ROOM;
}
