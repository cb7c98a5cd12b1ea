import { describe, expect, it } from 'vitest';
import { PROJECT_ROLES, roleAtLeast } from './roles';

describe('roleAtLeast', () => {
  it('orders viewer < reviewer < editor < maintainer', () => {
    expect(roleAtLeast('viewer', 'reviewer')).toBe(false);
    expect(roleAtLeast('reviewer', 'reviewer')).toBe(true);
    expect(roleAtLeast('editor', 'reviewer')).toBe(true);
    expect(roleAtLeast('editor', 'maintainer')).toBe(false);
    expect(roleAtLeast('maintainer', 'editor')).toBe(true);
  });

  it('lets every role do what a viewer may, and only a maintainer what a maintainer may', () => {
    expect(PROJECT_ROLES.filter((role) => roleAtLeast(role, 'viewer'))).toEqual(PROJECT_ROLES);
    expect(PROJECT_ROLES.filter((role) => roleAtLeast(role, 'maintainer'))).toEqual(['maintainer']);
  });
});
