// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, openPage, type Page } from '../../../test/page';
import { requirementFixture } from '../api/workingAreaFixtures';
import { RequirementAttributes } from './RequirementAttributes';

// The values an import kept (decisions §14), in the requirement view: read-only, sorted, as text.

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(404, {}));
});
afterEach(() => page.close());

const rows = () =>
  [...document.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

describe('the imported attributes', () => {
  it('show nothing when the requirement has none', () => {
    page.render(<RequirementAttributes requirement={requirementFixture(1)} />);
    expect(document.querySelector('section, table')).toBeNull();
  });

  it('list each name and value, sorted by name whatever the case, values as text', () => {
    const attributes = {
      'ReqIF.ForeignID': 'R-17',
      'Safety level': 'ASIL <b>B</b>',
      'ReqIF.ChapterName': '',
      'author note': 'first line\nsecond line',
    };
    page.render(<RequirementAttributes requirement={requirementFixture(1, { attributes })} />);
    const table = document.querySelector('table')!;
    expect(table.getAttribute('aria-label')).toBe('Imported attributes');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Attribute', 'Value']);
    expect(rows()).toEqual([
      ['author note', 'first line\nsecond line'],
      ['ReqIF.ChapterName', ''],
      ['ReqIF.ForeignID', 'R-17'],
      ['Safety level', 'ASIL <b>B</b>'],
    ]);
    // Each name heads its row for screen readers; a tag in a value is shown, never made.
    expect(table.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
    expect(table.querySelector('b')).toBeNull();
    expect(document.querySelector('section h2')?.textContent).toBe('Imported attributes');
  });
});
