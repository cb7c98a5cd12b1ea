import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS, DEFAULT_PROJECT_SETTINGS, documentSettingsSchema, projectSettingsSchema } from '..';
import { completeSettings } from './settings';

describe('completeSettings', () => {
  it('keeps every readable stored option and fills the others with their defaults', () => {
    const stored = { ...DEFAULT_PROJECT_SETTINGS, acronymMaxSize: 7 } as Record<string, unknown>;
    delete stored.autoAcronymIgnoreSmallWords;
    expect(completeSettings(projectSettingsSchema.shape, DEFAULT_PROJECT_SETTINGS, stored)).toEqual({
      ...DEFAULT_PROJECT_SETTINGS,
      acronymMaxSize: 7,
    });
  });

  it('takes the default of an unreadable option alone, and ignores options it does not know', () => {
    const stored = { acronymMaxSize: 'seven', unknownOption: true, autoAcronymIgnoreSmallWords: false };
    const complete = completeSettings(projectSettingsSchema.shape, DEFAULT_PROJECT_SETTINGS, stored);
    expect(complete).toEqual({ ...DEFAULT_PROJECT_SETTINGS, autoAcronymIgnoreSmallWords: false });
    expect(complete).not.toHaveProperty('unknownOption');
  });

  it('gives the defaults for nothing stored, and for what is no object', () => {
    for (const stored of [null, undefined, 'text', 3])
      expect(completeSettings(documentSettingsSchema.shape, DEFAULT_DOCUMENT_SETTINGS, stored)).toEqual(
        DEFAULT_DOCUMENT_SETTINGS,
      );
  });
});
