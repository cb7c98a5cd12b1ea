// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, click, focus, openPage, press, settle, type Page } from '../../test/page';
import { dashboardTour } from './dashboardTour';
import { GuidedTour } from './GuidedTour';

// happy-dom lays nothing out: every target counts as visible, so the tour starts at the first poll.
vi.mock('./isTargetVisible', () => ({ isTargetVisible: () => true }));

const user = {
  id: 1,
  name: 'Tess Tourist',
  username: 'tess',
  email: 'tess@example.test',
  alpha: false,
  preferences: DEFAULT_PREFERENCES,
} as unknown as UserPresented;

let page: Page;
beforeEach(async () => {
  page = await openPage((call) =>
    answer(200, { data: { ...DEFAULT_PREFERENCES, ...(call.body as { preferences: object }).preferences } }),
  );
  page.queryClient.setQueryData(queryKeys.user, user);
});
afterEach(() => page.close());

/** The dashboard's markers, a button that has the focus before the tour, and the tour. */
async function startTour(): Promise<HTMLButtonElement> {
  page.render(
    <>
      <button type="button">Before</button>
      {dashboardTour.steps.map((step) => (
        <div key={step.target} data-tour={/"(.+)"/.exec(step.target)![1]}>
          {step.target}
        </div>
      ))}
      <GuidedTour tour={dashboardTour} />
    </>,
  );
  const before = document.querySelector<HTMLButtonElement>('button')!;
  focus(before);
  await settle(1_300);
  return before;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) =>
  [...dialog()!.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name);

describe('a guided tour', () => {
  it('is a modal dialog named by its step, that takes the focus and names its buttons', async () => {
    await startTour();
    const step = dialog()!;
    expect(step.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(step.getAttribute('aria-labelledby')!)?.textContent).toBe('Your projects');
    expect(document.getElementById(step.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Every project/);
    expect(step.contains(document.activeElement)).toBe(true);
    expect(button('Skip')).toBeDefined();
    expect(button('Next')).toBeDefined();
    expect(step.textContent).toContain('1 of 5');
  });

  it('stops on Escape: marked done, and the focus goes back where it was', async () => {
    const before = await startTour();
    press(document.activeElement!, 'Escape');
    await settle(300);
    expect(dialog()).toBeNull();
    expect(page.sent).toEqual([
      expect.objectContaining({ method: 'PUT', body: { preferences: { tours: { dashboard: true } } } }),
    ]);
    expect(page.queryClient.getQueryData<UserPresented>(queryKeys.user)?.preferences.tours.dashboard).toBe(true);
    expect(document.activeElement).toBe(before);
  });

  it('stops on Escape whatever has the focus, even a field that asks Mantine to let its keys through', async () => {
    await startTour();
    // An open select marks its field so; Mantine's own Escape left the tour up over it (issue 31).
    const field = document.createElement('input');
    field.setAttribute('data-mantine-stop-propagation', 'true');
    document.body.append(field);
    focus(field);
    press(field, 'Escape');
    await settle(300);
    expect(dialog()).toBeNull();
    expect(page.queryClient.getQueryData<UserPresented>(queryKeys.user)?.preferences.tours.dashboard).toBe(true);
    field.remove();
  });

  it('stops on Skip at any step, and does not start again', async () => {
    await startTour();
    click(button('Next')!);
    await settle(400);
    expect(dialog()!.textContent).toContain('2 of 5');
    click(button('Skip')!);
    await settle(1_300);
    expect(dialog()).toBeNull();
    expect(page.sent).toHaveLength(1);
  });

  it('does not start when it is done', async () => {
    page.queryClient.setQueryData(queryKeys.user, {
      ...user,
      preferences: { ...DEFAULT_PREFERENCES, tours: { dashboard: true } },
    });
    await startTour();
    expect(dialog()).toBeNull();
  });
});
