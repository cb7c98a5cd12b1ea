// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { ImpactPresented } from '@reqloom/domain';
import { answer, openPage, settle, type Page } from '../../test/page';
import { requirementFixture } from '../working-area/api/workingAreaFixtures';
import { ImpactSection } from './ImpactSection';

// The Impact tab (decisions §22): what is downstream, by level, each with the way it is reached; tests said in words.

let page: Page;
afterEach(() => page.close());

const entry = (
  id: number,
  reference: string,
  depth: number,
  via: number,
  type: 'requirement' | 'test' = 'requirement',
) => ({
  requirement: { id, reference, name: `Name ${id}`, document_id: 2, type },
  depth,
  via,
});

async function show(impact: ImpactPresented | { status: number }) {
  const calls: string[] = [];
  page = await openPage(({ url }) => {
    calls.push(url);
    return 'status' in impact ? answer(impact.status, { message: 'Nope.' }) : answer(200, { data: impact });
  });
  // As the app's client does (app/queryClient.ts): a 4xx is not asked again.
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  page.render(
    <MemoryRouter>
      <ImpactSection
        requirement={requirementFixture(1, { reference: 'SYS_001', children: [{ id: 11, upToDate: true }] })}
      />
    </MemoryRouter>,
  );
  await settle();
  return calls;
}

describe('the Impact section', () => {
  it('lists what is downstream by level, each linking to it with the requirement it is reached through', async () => {
    const calls = await show([
      entry(11, 'SRS_001', 1, 1),
      entry(12, 'SRS_002', 1, 1),
      entry(21, 'TST_001', 2, 11, 'test'),
    ]);
    expect(calls.some((url) => url.endsWith('/api/requirements/impact/1'))).toBe(true);
    const lists = [...document.querySelectorAll('ul')];
    expect(lists.map((ul) => ul.getAttribute('aria-label'))).toEqual(['Downstream, level 1', 'Downstream, level 2']);
    expect([...document.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Children (2)', 'Level 2 (1)']);
    const items = [...document.querySelectorAll('[data-impact-item]')];
    expect(items.map((li) => li.textContent)).toEqual([
      'SRS_001Name 11viaSYS_001',
      'SRS_002Name 12viaSYS_001',
      'TST_001Name 21TestviaSRS_001',
    ]);
    expect([...items[2]!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      expect.stringMatching(/\/21$/),
      expect.stringMatching(/\/21$/),
      expect.stringMatching(/\/11$/),
    ]);
    // A test is marked by a word, and only a test.
    expect([...document.querySelectorAll('[data-impact-test]')].map((b) => b.textContent)).toEqual(['Test']);
    expect(document.querySelector('section h2')?.textContent).toBe('Impact');
  });

  it('says when nothing is downstream', async () => {
    await show([]);
    expect(document.querySelector('[data-impact-empty]')?.textContent).toBe(
      'Nothing is downstream of this requirement: it has no child requirement.',
    );
    expect(document.querySelectorAll('ul')).toHaveLength(0);
  });

  it('says what went wrong when the impact cannot be read', async () => {
    await show({ status: 403 });
    expect(document.querySelector('[data-impact-empty]')).toBeNull();
    expect(document.body.textContent).toContain('Nope.');
  });
});
