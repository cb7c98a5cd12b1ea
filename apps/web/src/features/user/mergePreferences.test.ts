import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@reqloom/domain';
import { mergePreferences } from './mergePreferences';

describe('mergePreferences', () => {
  const current = { ...DEFAULT_PREFERENCES, tours: { dashboard: true } };

  it('changes only what the patch names, merging the time zone', () => {
    const merged = mergePreferences(current, { lang: 'fr', timezone: { autoTimezone: false } });
    expect(merged).toEqual({ ...current, lang: 'fr', timezone: { autoTimezone: false, timezone: null } });
  });

  it('merges tours, and an empty map resets them', () => {
    expect(mergePreferences(current, { tours: { project: true } }).tours).toEqual({ dashboard: true, project: true });
    expect(mergePreferences(current, { tours: {} }).tours).toEqual({});
  });

  it('merges the synaeptic settings key by key, like the server', () => {
    const zoomed = mergePreferences(current, { synaeptic: { zoom: 80 } });
    const merged = mergePreferences(zoomed, { synaeptic: { hideInactive: true } });
    expect(merged.synaeptic).toEqual({ ...DEFAULT_PREFERENCES.synaeptic, zoom: 80, hideInactive: true });
  });
});
