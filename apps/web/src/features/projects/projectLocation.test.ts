import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/fakeBrowser';
import { pathInView, projectLocationFrom, readProjectLocation, storeProjectLocation } from './projectLocation';

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('project location', () => {
  it('reads the view type and the element from the path', () => {
    expect(projectLocationFrom('')).toEqual({ viewType: 'detailed', elementView: null, elementId: null });
    expect(projectLocationFrom('settings')).toEqual({ viewType: 'detailed', elementView: null, elementId: null });
    expect(projectLocationFrom('detailed/requirement/12')).toEqual({
      viewType: 'detailed',
      elementView: 'requirement',
      elementId: '12',
    });
    expect(projectLocationFrom('synaeptic/document/3')).toEqual({
      viewType: 'synaeptic',
      elementView: 'document',
      elementId: '3',
    });
    expect(projectLocationFrom('synaeptic')).toEqual({ viewType: 'synaeptic', elementView: null, elementId: null });
  });

  it('shows the same element in the other view type', () => {
    const at = projectLocationFrom('detailed/document/3');
    expect(pathInView(at, 'synaeptic')).toBe('synaeptic/document/3');
    expect(pathInView(projectLocationFrom('synaeptic/document/3'), 'detailed')).toBe('detailed/document/3');
    expect(pathInView(projectLocationFrom(''), 'synaeptic')).toBe('synaeptic');
    expect(pathInView(projectLocationFrom('synaeptic'), 'detailed')).toBe('');
  });

  it('is kept in local storage', () => {
    expect(readProjectLocation()).toBeNull();
    storeProjectLocation({ viewType: 'synaeptic', elementView: 'document', elementId: '3' });
    expect(readProjectLocation()).toEqual({ viewType: 'synaeptic', elementView: 'document', elementId: '3' });
    localStorage.setItem('reqloom.projectLocation', '{not json');
    expect(readProjectLocation()).toBeNull();
  });
});
