// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
const { notifyError, notifyInfo, notifySuccess } = await import('./notify');

beforeAll(() => initI18n());

describe('toasts', () => {
  it('give their close button a name, and last 5 s (7 s for errors)', () => {
    notifySuccess('Saved');
    notifyInfo('Gone', 'gone');
    notifyError('Refused', 'Failed');
    const shown = show.mock.calls.map(([toast]) => toast as Record<string, unknown>);
    expect(shown.map((toast) => toast.closeButtonProps)).toEqual([
      { 'aria-label': 'Close' },
      { 'aria-label': 'Close' },
      { 'aria-label': 'Close' },
    ]);
    expect(shown.map((toast) => toast.autoClose)).toEqual([5000, 5000, 7000]);
  });
});
