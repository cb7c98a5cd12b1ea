import { describe, expect, it } from 'vitest';
import { isPublicScreen } from './publicScreens';

describe('isPublicScreen', () => {
  it('knows the account screens', () => {
    for (const path of ['/login', '/register', '/forgotpassword', '/resetpassword/abc', '/confirm/ada/tok']) {
      expect(isPublicScreen(path), path).toBe(true);
    }
  });

  it('does not count the others', () => {
    for (const path of ['/dashboard', '/user/profile', '/forbidden', '/loginx', '/']) {
      expect(isPublicScreen(path), path).toBe(false);
    }
  });
});
