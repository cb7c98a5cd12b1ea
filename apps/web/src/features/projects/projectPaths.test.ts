import { describe, expect, it } from 'vitest';
import { isDetailedPath, isSettingsPath, projectFallbackPath, projectPath } from './projectPaths';

describe('project paths', () => {
  it('build the address of a project and of a place in it', () => {
    expect(projectPath('avionics', 'fcs')).toBe('/project/avionics/fcs');
    expect(projectPath('avionics', 'fcs', 'settings')).toBe('/project/avionics/fcs/settings');
    expect(projectPath('avionics', 'fcs', '/detailed/document/3')).toBe('/project/avionics/fcs/detailed/document/3');
  });

  it('send an unknown path ending in two segments to the detailed view, anything else to the overview', () => {
    expect(projectFallbackPath('whatever/requirement/12')).toBe('detailed/requirement/12');
    expect(projectFallbackPath('document/7')).toBe('detailed/document/7');
    expect(projectFallbackPath('nothing-here')).toBe('');
    expect(projectFallbackPath('')).toBe('');
  });

  it('recognise the settings and the detailed views', () => {
    expect(isSettingsPath('settings')).toBe(true);
    expect(isSettingsPath('settings/')).toBe(true);
    expect(isSettingsPath('detailed')).toBe(false);
    expect(isDetailedPath('detailed')).toBe(true);
    expect(isDetailedPath('detailed/document/1')).toBe(true);
    expect(isDetailedPath('detailedx')).toBe(false);
  });
});
