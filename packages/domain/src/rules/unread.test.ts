import { describe, expect, it } from 'vitest';
import { unreadCount } from './unread';

const c = (author_id: number | null, created_at: string) => ({ author_id, created_at });

describe('unreadCount (decisions §11)', () => {
  const comments = [
    c(1, '2026-01-01T10:00:00.000Z'),
    c(2, '2026-01-01T10:00:01.000Z'),
    c(null, '2026-01-01T10:00:02.000Z'),
    c(2, '2026-01-01T10:00:03.000Z'),
  ];
  it('counts every comment of others when there is no marker, never one’s own', () => {
    expect(unreadCount(comments, null, 1)).toBe(3);
    expect(unreadCount(comments, null, 2)).toBe(2);
  });
  it('counts those created after the marker', () => {
    expect(unreadCount(comments, '2026-01-01T10:00:01.000Z', 1)).toBe(2);
    expect(unreadCount(comments, '2026-01-01T10:00:03.000Z', 1)).toBe(0);
    expect(unreadCount([], '2026-01-01T10:00:03.000Z', 1)).toBe(0);
  });
});
