import { describe, expect, it } from 'vitest';
import type { SpreadsheetPlanRow } from '@reqloom/domain';
import { chosenRows, countActions, initialSelection, isSelectable, selectAll, toggleRow } from './planSelection';

const rows: SpreadsheetPlanRow[] = [
  { row: 2, action: 'update', requirement_id: 7, changes: { name: { old: 'A', new: 'B' } } },
  { row: 3, action: 'unchanged', requirement_id: 8 },
  { row: 4, action: 'create', changes: { name: { old: '', new: 'New' } } },
  { row: 5, action: 'error', errors: [{ column: 'status', code: 'unknown_status', value: 'Maybe', message: '' }] },
];

describe('the dry run’s selection', () => {
  it('chooses the rows that change something, not the unchanged ones nor those in error', () => {
    expect([...initialSelection(rows)]).toEqual([2, 4]);
    expect(rows.map(isSelectable)).toEqual([true, false, true, false]);
  });

  it('leaves a row out and takes it back', () => {
    const without = toggleRow(initialSelection(rows), 2, false);
    expect(chosenRows(rows, without)).toEqual([4]);
    expect(chosenRows(rows, toggleRow(without, 2, true))).toEqual([2, 4]);
  });

  it('selects all or none, never a row in error even when asked', () => {
    expect(chosenRows(rows, selectAll(rows, false))).toEqual([]);
    expect(chosenRows(rows, selectAll(rows, true))).toEqual([2, 4]);
    expect(chosenRows(rows, new Set([2, 3, 4, 5]))).toEqual([2, 4]);
  });

  it('counts the rows by action', () => {
    expect(countActions(rows)).toEqual({ create: 1, update: 1, unchanged: 1, error: 1 });
  });
});
