import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS } from '@reqloom/domain';
import { changedSettings, withoutSettled } from './settingsChanges';

describe('export settings changes', () => {
  it('send only what differs from the current settings', () => {
    expect(
      changedSettings(DEFAULT_DOCUMENT_SETTINGS, {
        'export.tableOfContents': true,
        'export.projectSummary': false,
        'export.tableOfEvolutionsRefDate': '2026-01-31',
      }),
    ).toEqual({ 'export.projectSummary': false, 'export.tableOfEvolutionsRefDate': '2026-01-31' });
    // Toggled and toggled back within the second: nothing to send.
    expect(changedSettings(DEFAULT_DOCUMENT_SETTINGS, { 'export.documentSummary': true })).toEqual({});
  });

  it('keep waiting the choices made while a patch was on its way', () => {
    expect(
      withoutSettled(
        { 'export.projectSummary': true, 'export.documentSummary': false },
        { 'export.projectSummary': false, 'export.documentSummary': false },
      ),
    ).toEqual({ 'export.projectSummary': true });
  });
});
