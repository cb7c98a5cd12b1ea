import { describe, expect, it } from 'vitest';
import { SETTINGS_SECTIONS, settingsSectionsFor } from './settingsSections';

describe('settingsSectionsFor', () => {
  it('shows a maintainer every section, and any other member the quality rules and the members (decisions §20)', () => {
    expect(settingsSectionsFor('maintainer')).toEqual(SETTINGS_SECTIONS);
    for (const role of ['editor', 'reviewer', 'viewer'] as const)
      expect(settingsSectionsFor(role)).toEqual(['quality', 'members']);
  });
});
