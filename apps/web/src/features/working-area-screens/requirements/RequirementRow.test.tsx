// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequirementPresented } from '@reqloom/domain';
import { answer, openPage, type Page } from '../../../test/page';
import { requirementFixture } from '../../working-area/api/workingAreaFixtures';
import { RequirementRow } from './RequirementRow';
import type { RequirementCommands } from '../../working-area/requirements/useRequirementCommands';

// A row as a new team read it (issue 31): a draft keeps no badge but its Status cell says "Draft" on hover and to a
// screen reader; a test can be deleted unless it has runs (decisions §16), and then the button says why.

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(404, {}));
});
afterEach(() => page.close());

const commands = { copy: () => undefined, remove: () => undefined, openComments: () => undefined };
const render = (requirement: RequirementPresented) =>
  page.render(
    <div role="table">
      <RequirementRow
        requirement={requirement}
        category={undefined}
        expanded={false}
        onToggle={() => undefined}
        href="/r/1"
        now={Date.parse('2026-01-02T00:00:00Z')}
        formatDate={(iso) => iso}
        commands={commands as unknown as RequirementCommands}
        onEdit={() => undefined}
        showCoverage={false}
        classifiers={[]}
        index={0}
        top={0}
        measure={() => undefined}
      />
    </div>,
  );
const statusCell = () => document.querySelector<HTMLElement>('[data-status-cell]')!;
const deleteButton = () => document.querySelector<HTMLButtonElement>('button[aria-label="Delete D_1"]')!;

describe('a requirement row', () => {
  it('a draft: no badge, and the Status cell says Draft on hover and to a screen reader', () => {
    render(requirementFixture(1, { status: 0 }));
    expect(statusCell().querySelector('.mantine-Badge-root')).toBeNull();
    expect(statusCell().title).toBe('Draft');
    expect(statusCell().textContent).toBe('Draft');
  });

  it('a written requirement: its badge, no hint of its own', () => {
    render(requirementFixture(1, { status: 1 }));
    expect(statusCell().querySelector('.mantine-Badge-root')?.textContent).toBe('Written');
    expect(statusCell().title).toBe('');
  });

  it('deletion: open for a requirement and a test without runs, closed with the reason for a test with runs', () => {
    render(requirementFixture(1));
    expect(deleteButton().disabled).toBe(false);
    const test = { type: 'test' as const, test: true, steps: [] };
    render(requirementFixture(1, { ...test, has_runs: false }));
    expect(deleteButton().disabled).toBe(false);
    expect(deleteButton().title).toBe('Delete');
    render(requirementFixture(1, { ...test, has_runs: true }));
    expect(deleteButton().disabled).toBe(true);
    expect(deleteButton().title).toBe('This test has runs, which are kept as evidence: it cannot be deleted.');
    expect(deleteButton().getAttribute('aria-description')).toBe(deleteButton().title);
  });
});
