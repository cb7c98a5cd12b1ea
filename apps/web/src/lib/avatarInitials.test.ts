import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatarInitials';

describe('avatarInitials', () => {
  it('keeps one or two letters and shortens longer ones to first and last', () => {
    expect(avatarInitials('A')).toBe('A');
    expect(avatarInitials('AL')).toBe('AL');
    expect(avatarInitials('GBH')).toBe('GH');
    expect(avatarInitials('')).toBe('');
  });
});
