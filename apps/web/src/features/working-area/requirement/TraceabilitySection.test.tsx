// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { RequirementPresented } from '@reqloom/domain';
import { answer, openPage, settle, type Page } from '../../../test/page';
import { documentFixture, requirementFixture } from '../api/workingAreaFixtures';
import { WorkingAreaDialogsContext } from '../dialogs/WorkingAreaDialogsContext';
import { TraceabilitySection } from './TraceabilitySection';

// A test's traceability (issue 31): a test covers its parents, so it says how many it covers and lists them, where
// a requirement of a document with child documents says whether it is covered.

let page: Page;
beforeEach(async () => {
  page = await openPage(({ url }) =>
    url.includes('documents/requirements/1')
      ? answer(200, { data: [requirementFixture(11, { name: 'Start' }), requirementFixture(12, { name: 'Stop' })] })
      : answer(200, { data: [] }),
  );
});
afterEach(() => page.close());

const dialogs = { open: () => undefined, confirm: () => Promise.resolve(false) };
const render = (requirement: RequirementPresented, over: Parameters<typeof documentFixture>[1]) =>
  page.render(
    <MemoryRouter>
      <WorkingAreaDialogsContext value={dialogs}>
        <TraceabilitySection requirement={requirement} document={documentFixture(2, over)} />
      </WorkingAreaDialogsContext>
    </MemoryRouter>,
  );
const test = (parents: number[]) =>
  requirementFixture(21, {
    type: 'test',
    test: true,
    document_id: 2,
    parents: parents.map((id) => ({ id, upToDate: true })),
    // What the server says of any requirement of a document with child documents and no children.
    coverageStatus: 'notCovered',
  });

describe('the traceability of a test', () => {
  it('says how many requirements it covers and lists them, never "Not covered"', async () => {
    render(test([11, 12]), { parents: [1], children: [3] });
    await settle();
    const section = document.body.textContent ?? '';
    expect(document.querySelector('[data-test-coverage]')?.textContent).toBe('Covers 2 requirements');
    expect(section).not.toContain('Not covered');
    // Its parents are what it covers; a test has no children to list.
    const lists = [...document.querySelectorAll('ul')].map((ul) => ul.getAttribute('aria-label'));
    expect(lists).toEqual(['Parents']);
    expect([...document.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'Up to dateD_11Start',
      'Up to dateD_12Stop',
    ]);
  });

  it('says when it covers nothing', () => {
    render(test([]), { parents: [1], children: [3] });
    expect(document.querySelector('[data-test-coverage]')?.textContent).toBe('Covers no requirement');
  });

  it('says why nothing can be covered in a document without parent documents', () => {
    render(test([]), { children: [3] });
    expect(document.body.textContent).toContain('This test’s document has no parent document');
    expect(document.body.textContent).not.toContain('Children');
  });

  it('a requirement keeps its coverage', () => {
    render(requirementFixture(5, { document_id: 2, coverageStatus: 'notCovered' }), { children: [3] });
    expect(document.body.textContent).toContain('Not covered');
    expect(document.querySelector('[data-test-coverage]')).toBeNull();
  });
});
