import type { SpreadsheetPlanRow, SpreadsheetRowAction } from '@reqloom/domain';

// The dry run's choices (decisions §24), kept apart from the table so that they are tested without a page.

/** A row in error cannot be applied; an unchanged one has nothing to apply. */
export function isSelectable(row: SpreadsheetPlanRow): boolean {
  return row.action === 'create' || row.action === 'update';
}

/** At first every row that changes something is chosen: the person leaves rows out rather than picks them. */
export function initialSelection(rows: readonly SpreadsheetPlanRow[]): ReadonlySet<number> {
  return new Set(rows.filter(isSelectable).map((row) => row.row));
}

export function toggleRow(selection: ReadonlySet<number>, row: number, on: boolean): ReadonlySet<number> {
  const next = new Set(selection);
  if (on) next.add(row);
  else next.delete(row);
  return next;
}

/** All the selectable rows, or none: the header's box. */
export function selectAll(rows: readonly SpreadsheetPlanRow[], on: boolean): ReadonlySet<number> {
  return on ? initialSelection(rows) : new Set();
}

export type ActionCounts = Record<SpreadsheetRowAction, number>;

export function countActions(rows: readonly SpreadsheetPlanRow[]): ActionCounts {
  const counts: ActionCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
}

/** The rows to send, in the sheet's order (the server applies them in that order). */
export function chosenRows(rows: readonly SpreadsheetPlanRow[], selection: ReadonlySet<number>): number[] {
  return rows.filter((row) => isSelectable(row) && selection.has(row.row)).map((row) => row.row);
}
