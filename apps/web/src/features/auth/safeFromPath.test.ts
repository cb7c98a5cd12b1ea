import { describe, expect, it } from 'vitest';
import { safeFromPath } from './safeFromPath';

const ORIGIN = 'https://reqloom.example';

describe('safeFromPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeFromPath('/user/profile', ORIGIN)).toBe('/user/profile');
    expect(safeFromPath('/project/a/b?x=1#c', ORIGIN)).toBe('/project/a/b?x=1#c');
  });

  it('refuses anything that could leave the site', () => {
    for (const from of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'user',
    ]) {
      expect(safeFromPath(from, ORIGIN), from).toBeNull();
    }
  });

  it('refuses nothing, and login itself', () => {
    expect(safeFromPath(null, ORIGIN)).toBeNull();
    expect(safeFromPath('', ORIGIN)).toBeNull();
    expect(safeFromPath('/login?from=/x', ORIGIN)).toBeNull();
  });
});
