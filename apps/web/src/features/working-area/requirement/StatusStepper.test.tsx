// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, click, focus, openPage, settle, type Page } from '../../../test/page';
import { requirementFixture } from '../api/workingAreaFixtures';
import { StatusStepper } from './StatusStepper';

// The stepper as a new team met it (issue 31): it names the current status, draft included, and a step that cannot
// be clicked stays reachable and says why instead of doing nothing in silence.

let page: Page;
beforeEach(async () => {
  page = await openPage(({ body }) => answer(200, { data: requirementFixture(1, body as object) }));
});
afterEach(() => page.close());

const steps = () => [...document.querySelectorAll<HTMLButtonElement>('.mantine-Stepper-step')];

describe('the status stepper', () => {
  it('names a draft as such, and tells why a step further than the next cannot be clicked', async () => {
    page.render(<StatusStepper requirement={requirementFixture(1, { status: 0 })} />);
    expect(document.querySelector('[data-current-status]')?.textContent).toBe('Status: Draft');
    const [written, reviewed, validated] = steps();
    expect(written!.getAttribute('aria-disabled')).toBeNull();
    expect(written!.getAttribute('aria-label')).toBe('Mark as Written');
    for (const blocked of [reviewed!, validated!]) {
      expect(blocked.getAttribute('aria-disabled')).toBe('true');
      expect(blocked.getAttribute('aria-description')).toBe('Statuses go one step at a time: mark it Written first.');
      // Reachable from the keyboard, where the reason shows as a tooltip.
      expect(blocked.tabIndex).toBe(0);
    }
    focus(reviewed!);
    await settle(150);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(
      'Statuses go one step at a time: mark it Written first.',
    );
    click(reviewed!);
    await settle();
    expect(page.sent.filter((call) => call.method === 'PUT')).toEqual([]);
    click(written!);
    await settle();
    expect(page.sent.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 1, version: 1 },
    ]);
  });

  it('names the status reached, and tells why an earlier step cannot be undone first', () => {
    page.render(<StatusStepper requirement={requirementFixture(1, { status: 3 })} />);
    expect(document.querySelector('[data-current-status]')?.textContent).toBe('Status: Validated');
    const [written, reviewed, validated] = steps();
    expect(validated!.getAttribute('aria-disabled')).toBeNull();
    for (const blocked of [written!, reviewed!])
      expect(blocked.getAttribute('aria-description')).toBe(
        'Statuses go back one step at a time: undo Validated first.',
      );
  });
});
