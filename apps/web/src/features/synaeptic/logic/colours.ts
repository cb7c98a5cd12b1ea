import type { CoverageStatus } from '@reqloom/domain';

// The map's colours (spec 2, synaeptic view). Dark enough on white for the 3:1 of non-text contrast (WCAG 1.4.11).
export const MAP_COLOURS = {
  blue: '#1864ab',
  red: '#c92a2a',
  black: '#212529',
} as const;
export type MapColour = keyof typeof MAP_COLOURS;

/** A link: blue when up to date, red when stale, black when nothing says (document links carry no mark). */
export function linkColour(upToDate: boolean | undefined): MapColour {
  if (upToDate === true) return 'blue';
  if (upToDate === false) return 'red';
  return 'black';
}

/** A requirement card's border: red when not covered, black when not covering, blue otherwise. */
export function cardBorder(coverage: CoverageStatus): MapColour {
  if (coverage === 'notCovered') return 'red';
  if (coverage === 'notCovering') return 'black';
  return 'blue';
}
