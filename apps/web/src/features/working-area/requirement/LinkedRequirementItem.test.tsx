// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { answer, focus, openPage, settle, type Page } from '../../../test/page';
import { requirementFixture } from '../api/workingAreaFixtures';
import { LinkedRequirementItem } from './LinkedRequirementItem';

// A stale link in the traceability section explains itself (issue 31): what made it stale and how a person clears
// it (decisions §6, §22), on hover, on focus and to a screen reader; it opens the parent's change when asked.

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(404, {}));
});
afterEach(() => page.close());

const render = (upToDate: boolean) =>
  page.render(
    <MemoryRouter>
      <ul>
        <LinkedRequirementItem link={{ id: 2, upToDate }} requirement={requirementFixture(2)} href="/r/2" />
      </ul>
    </MemoryRouter>,
  );

describe('a linked requirement', () => {
  it('says, when its link is stale, what changed and how to bring it up to date', async () => {
    render(false);
    const mark = document.querySelector<HTMLElement>('[data-link-mark]')!;
    expect(mark.textContent).toBe('Out of date');
    const explained =
      'The parent’s name, description or status changed after the link was made, last marked as reviewed, and after ' +
      'the child last changed: check that the child still meets it. To bring the link up to date, review the child ' +
      'against its parent’s change, then mark the link as reviewed (Suspect links) or save a change to the child. ' +
      'Editing the links does not do it.';
    expect(mark.getAttribute('aria-description')).toBe(explained);
    focus(mark);
    await settle(150);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(explained);
  });

  it('offers, when its link is stale and the screen shows changes, to open what changed in the parent', () => {
    let opened = 0;
    page.render(
      <MemoryRouter>
        <ul>
          <LinkedRequirementItem
            link={{ id: 2, upToDate: false }}
            requirement={requirementFixture(2)}
            href="/r/2"
            onShowChange={() => (opened += 1)}
          />
        </ul>
      </MemoryRouter>,
    );
    const button = document.querySelector<HTMLButtonElement>('[data-show-change]')!;
    expect(button.getAttribute('aria-label')).toBe(`Show what changed in ${requirementFixture(2).reference}`);
    button.click();
    expect(opened).toBe(1);
  });

  it('says, when its link is up to date, that the parent has not changed since', () => {
    render(true);
    const mark = document.querySelector<HTMLElement>('[data-link-mark]')!;
    expect(mark.getAttribute('aria-description')).toBe(
      'The parent has not changed since the link was made, last marked as reviewed, or the child last changed.',
    );
  });
});
