// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RevisionListed } from '@reqloom/domain';
import { answer, openPage, type Page } from '../../../test/page';
import { requirementFixture } from '../api/workingAreaFixtures';
import { RevisionChanges } from './RevisionChanges';
import { currentCategoryReference, nextStates, sameAsCurrent } from './revisionStates';

// What a revision list shows of each revision (decisions §22): the change to the next state, field by field.

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(404, { message: 'Not found.' }));
});
afterEach(() => page.close());

const revision = (id: number, over: Partial<RevisionListed> = {}): RevisionListed => ({
  id,
  created_at: '2026-01-01T00:00:00Z',
  author: null,
  name: 'The pump shall start',
  description: '<p>Within two seconds.</p>',
  status: 0,
  category_id: 4,
  category_reference: 'SRS_INT',
  ...over,
});

describe('the states a revision list compares', () => {
  it('takes the current category reference from the requirement’s reference, and pairs each revision with the next', () => {
    const requirement = requirementFixture(12, { category_id: 4, reference: 'SRS_INT_012', reference_number: 12 });
    expect(currentCategoryReference(requirement)).toBe('SRS_INT');
    expect(currentCategoryReference(requirementFixture(1234, { reference: 'SRS_1234' }))).toBeNull();
    const [newer, older] = [revision(2, { name: 'Newer' }), revision(1, { name: 'Older' })];
    const next = nextStates(requirement, [newer, older]);
    expect(next[0]).toMatchObject({ name: 'R12', category_reference: 'SRS_INT' });
    expect(next[1]).toBe(newer);
    expect(sameAsCurrent(requirement, { ...next[0]! })).toBe(true);
    expect(sameAsCurrent(requirement, newer)).toBe(false);
  });
});

describe('RevisionChanges', () => {
  it('diffs the name and the description’s text, and shows status and category before and after', () => {
    page.render(
      <RevisionChanges
        before={revision(1)}
        after={{
          name: 'The pump shall start quietly',
          description: '<p>Within <em>one</em> second.</p>',
          status: 1,
          category_id: null,
          category_reference: null,
        }}
      />,
    );
    const lines = [...document.querySelectorAll('[data-revision-changes] > div')].map((line) => [
      line.querySelector('dt')!.textContent,
      line.querySelector('dd')!.textContent,
    ]);
    expect(lines).toEqual([
      ['Name', 'The pump shall startadded  quietly'],
      ['Description', 'Within removed two secondsadded one second.'],
      ['Status', 'removed Draft→added Written'],
      ['Category', 'removed SRS_INT→added Document root'],
    ]);
  });

  it('says when only the formatting changed, names a deleted category, and says when nothing shows', () => {
    page.render(
      <RevisionChanges
        before={revision(1, { category_reference: null })}
        after={{ ...revision(2), description: '<p><strong>Within two seconds.</strong></p>', category_id: 5 }}
      />,
    );
    const text = document.querySelector('[data-revision-changes]')!.textContent;
    expect(text).toContain('Only the formatting changed.');
    expect(text).toContain('removed A deleted category→added SRS_INT');
    page.render(<RevisionChanges before={revision(1)} after={revision(2)} />);
    expect(document.body.textContent).toContain('No visible change (links or tags only).');
  });
});
