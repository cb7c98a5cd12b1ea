import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

describe('relative time', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('speaks the reader’s language', () => {
    expect(relativeTime('2026-03-01T11:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-03-01T11:57:00Z', now, 'fr')).toBe('il y a 3 minutes');
    expect(relativeTime('2026-03-01T11:59:58Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-02-28T12:00:00Z', now, 'en')).toBe('yesterday');
  });
  it('is never in the future: a time ahead of the clock reads now', () => {
    expect(relativeTime('2026-03-01T12:00:07Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-03-01T12:05:00Z', now, 'fr')).toBe('maintenant');
  });
});
