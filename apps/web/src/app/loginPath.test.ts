import { describe, expect, it } from 'vitest';
import { loginPath } from './loginPath';

describe('loginPath', () => {
  it('carries the way back, encoded', () => {
    expect(loginPath('/user/profile')).toBe('/login?from=%2Fuser%2Fprofile');
    expect(loginPath('/p?x=1&y=2')).toBe('/login?from=%2Fp%3Fx%3D1%26y%3D2');
  });
});
