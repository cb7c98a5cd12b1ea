// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BaselineComparison, BaselinePresented, ProjectRole, RequirementPresented } from '@reqloom/domain';
import { answer, click, openPage, settle, type as typeInto, type Page, type SentCall } from '../../test/page';
import { ProjectContext } from '../projects/ProjectContext';
import { projectFixture } from '../projects/projectFixture';
import { BaselineCompareScreen } from './BaselineCompareScreen';
import { BaselineScreen } from './BaselineScreen';
import { BaselinesScreen } from './BaselinesScreen';

// The Baselines view (decisions §22): the list and what each role may do there, the creation dialog and its refused
// name, a baseline opened read-only under its banner, and a comparison with its counts and word diffs.

const baseline = (id: number, name: string, over: Partial<BaselinePresented> = {}): BaselinePresented => ({
  id,
  project_id: 7,
  name,
  description: '',
  created_at: '2026-03-03T10:00:00Z',
  created_by: { id: 1, name: 'Ann' },
  documents: [{ id: 5, name: 'System requirements', acronym: 'SR' }],
  counts: { documents: 1, categories: 2, requirements: 12, links: 3 },
  ...over,
});
const MARCH = baseline(2, 'March review', { description: 'Before the design review' });
const FEB = baseline(1, 'February', { created_at: '2026-02-01T10:00:00Z' });

const STRUCTURE = [
  { id: 5, name: 'System requirements', acronym: 'SR', categories: [], parents: [], children: [] },
  { id: 6, name: 'Software requirements', acronym: 'SW', categories: [], parents: [], children: [] },
];

const kept = (id: number, reference: string, name: string): RequirementPresented => ({
  id,
  project_id: 7,
  document_id: 5,
  category_id: null,
  author_id: 1,
  author: { id: 1, name: 'Ann' },
  reference,
  reference_number: id,
  name,
  description: '<p>As it was.</p>',
  order: id,
  status: 1,
  type: 'requirement',
  test: false,
  has_comments: false,
  tags: [],
  attributes: {},
  parents: [],
  children: [],
  coverageStatus: 'coveredAndCovering',
  version: 1,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
});

const COMPARISON: BaselineComparison = {
  added: [
    { id: 9, document_id: 5, reference: 'SR-9', name: 'New one', description: '', status: 0, category: null, tags: [] },
  ],
  removed: [],
  changed: [
    {
      requirement: {
        id: 3,
        document_id: 5,
        reference: 'SR-3',
        name: 'The display shall dim at dusk',
        description: '',
        status: 2,
        category: 'Display',
        tags: ['safety'],
      },
      changes: {
        name: { before: 'The display shall dim at night', after: 'The display shall dim at dusk' },
        status: { before: 1, after: 2 },
        tags: { before: [], after: ['safety'] },
      },
    },
  ],
  links: { added: [{ parent_id: 3, child_id: 9 }], removed: [] },
  counts: { added: 1, removed: 0, changed: 1 },
};

let page: Page;
afterEach(() => page.close());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

async function show(
  address: string,
  role: ProjectRole,
  respond: (call: SentCall) => Response | undefined = () => undefined,
) {
  page = await openPage((call) => {
    const own = respond(call);
    if (own) return own;
    if (call.url.endsWith('/projects/baselines/7')) return answer(200, { data: [MARCH, FEB] });
    if (call.url.endsWith('/baselines/2')) return answer(200, { data: MARCH });
    if (call.url.includes('/baselines/requirements/2?document_id=5'))
      return answer(200, { data: [kept(3, 'SR-3', 'The display shall dim at night')] });
    if (call.url.includes('/baselines/compare/')) return answer(200, { data: COMPARISON });
    if (call.url.endsWith('/projects/structure/7')) return answer(200, { data: STRUCTURE });
    if (call.url.includes('/classifiers')) return answer(200, { data: [] });
    return answer(404, {});
  });
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  const project = projectFixture({ my_role: role });
  page.render(
    <ProjectContext value={{ project, settings: project.settings }}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/project/ada/engine/baselines" element={<BaselinesScreen />} />
          <Route path="/project/ada/engine/baselines/compare" element={<BaselineCompareScreen />} />
          <Route path="/project/ada/engine/baselines/:baselineId" element={<BaselineScreen />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </ProjectContext>,
  );
  for (let turn = 0; turn < 10; turn++) await settle();
}

const text = () => document.body.textContent ?? '';
const address = () => document.querySelector('[data-testid="address"]')?.textContent;
const button = (name: string) =>
  [...document.querySelectorAll('button, a')].find(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  ) as HTMLElement | undefined;
const field = (label: string) =>
  [...document.querySelectorAll('label')].find((element) => element.textContent?.replace('*', '').trim() === label)
    ?.control as HTMLInputElement | null | undefined;

describe('the Baselines list', () => {
  it('lists the baselines with who, when, documents and counts; a maintainer may take and delete them', async () => {
    await show('/project/ada/engine/baselines', 'maintainer');
    const rows = [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('March review');
    expect(rows[0]).toContain('Before the design review');
    expect(rows[0]).toContain('Ann');
    expect(rows[0]).toContain('SR');
    expect(rows[0]).toContain('12 requirements · 3 links');
    expect(document.querySelector('tbody a')?.getAttribute('href')).toBe('/project/ada/engine/baselines/2');
    expect(button('New baseline')).toBeDefined();
    expect(button('Delete the baseline March review')).toBeDefined();
    expect(button('Compare with now: March review')?.getAttribute('href')).toBe(
      '/project/ada/engine/baselines/compare?from=2',
    );
  });

  it('shows no delete to an editor, and neither delete nor creation to a viewer', async () => {
    await show('/project/ada/engine/baselines', 'editor');
    expect(button('New baseline')).toBeDefined();
    expect(button('Delete the baseline March review')).toBeUndefined();
    page.close();
    await show('/project/ada/engine/baselines', 'viewer');
    expect(text()).toContain('March review');
    expect(button('New baseline')).toBeUndefined();
    expect(button('Delete the baseline March review')).toBeUndefined();
  });

  it('deletes a baseline once confirmed', async () => {
    await show('/project/ada/engine/baselines', 'maintainer', (call) =>
      call.method === 'DELETE' ? answer(204) : undefined,
    );
    click(button('Delete the baseline March review')!);
    await settle();
    expect(text()).toContain('Delete the baseline “March review”?');
    click([...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Delete')!);
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(page.sent.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/baselines/2']);
  });

  it('takes a baseline of the documents left ticked, and shows a name already used on its field', async () => {
    let attempts = 0;
    await show('/project/ada/engine/baselines', 'editor', (call) => {
      if (call.url.endsWith('/baselines/3')) return answer(200, { data: baseline(3, 'April') });
      if (call.method !== 'POST') return undefined;
      attempts++;
      return attempts === 1
        ? answer(422, { message: 'The given data was invalid.', errors: { name: ['This name is already taken.'] } })
        : answer(201, { data: baseline(3, 'April') });
    });
    click(button('New baseline')!);
    for (let turn = 0; turn < 5; turn++) await settle();
    const boxes = [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input[type="checkbox"]')];
    expect(boxes.map((box) => box.checked)).toEqual([true, true]);
    typeInto(field('Name')!, 'March review');
    click(boxes[1]!);
    await settle();
    click(button('Take the baseline')!);
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(page.sent.find((call) => call.method === 'POST')?.body).toEqual({
      project_id: 7,
      name: 'March review',
      document_ids: [5],
    });
    expect(field('Name')?.getAttribute('aria-invalid')).toBe('true');
    expect(text()).toContain('This name is already taken.');
    typeInto(field('Name')!, 'April');
    click(button('Take the baseline')!);
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(page.sent.filter((call) => call.method === 'POST')).toHaveLength(2);
    // The new baseline opens.
    expect(address()).toBe('/project/ada/engine/baselines/3');
    expect(document.querySelector('[data-testid="baseline-banner"]')?.textContent).toContain('Baseline “April”');
  });
});

describe('a baseline, open', () => {
  it('shows the kept document read-only under a banner naming the baseline, with the way back to the live one', async () => {
    await show('/project/ada/engine/baselines/2', 'maintainer');
    const banner = document.querySelector('[data-testid="baseline-banner"]')?.textContent ?? '';
    expect(banner).toContain('Baseline “March review”, taken March 3, 2026 by Ann: read-only');
    expect(button('Back to the live document')?.getAttribute('href')).toBe('/project/ada/engine/detailed/document/5');
    const table = document.querySelector('[role="table"]');
    expect(table?.getAttribute('aria-label')).toBe('Requirements of System requirements in the baseline March review');
    expect(table?.textContent).toContain('The display shall dim at night');
    // Read-only: no link to the live requirement, no edit, copy or delete, no tag picker.
    expect(table?.querySelectorAll('a')).toHaveLength(0);
    expect(button('Edit SR-3')).toBeUndefined();
    expect(table?.querySelectorAll('button[aria-label^="Delete"], button[aria-label^="Copy"]')).toHaveLength(0);
    expect(button('Export to Word: System requirements as kept')).toBeDefined();
    expect(page.sent.some((call) => call.url.includes('/baselines/requirements/2?document_id=5'))).toBe(true);
    expect(page.sent.some((call) => call.url.includes('/documents/requirements/'))).toBe(false);
  });
});

describe('a comparison', () => {
  it('with now: the counts, the added requirement, the changed one as word diffs and before → after, the link', async () => {
    await show('/project/ada/engine/baselines/compare?from=2', 'viewer');
    expect(page.sent.filter((call) => call.url.includes('/compare/')).map((call) => call.url)).toEqual([
      '/api/baselines/compare/2',
    ]);
    const counts = [...document.querySelectorAll('[data-count]')].map((count) => count.textContent);
    expect(counts).toEqual(['1requirement added', '0requirements removed', '1requirement changed']);
    expect(text()).toContain('SR-9 New one');
    const changed = document.querySelector('article[aria-label="SR-3 The display shall dim at dusk"]')!;
    expect(changed.querySelector('del')?.textContent).toBe('removed night');
    expect(changed.querySelector('ins')?.textContent).toBe('added dusk');
    expect(changed.textContent).toContain('Statusremoved Written→added Reviewed');
    expect(changed.textContent).toContain('No tag');
    expect(changed.textContent).toContain('safety');
    expect(text()).toContain('Link added: SR-3 → SR-9');
  });

  it('between two baselines and one document, as the address says', async () => {
    await show('/project/ada/engine/baselines/compare?from=1&to=2&document=5', 'viewer');
    expect(page.sent.filter((call) => call.url.includes('/compare/')).map((call) => call.url)).toEqual([
      '/api/baselines/compare/1?to=2&document_id=5',
    ]);
  });

  it('exports the redline through its one-time link, and survives the route failing', async () => {
    let fail = true;
    await show('/project/ada/engine/baselines/compare?from=2&document=5', 'viewer', (call) => {
      if (call.url.includes('/comparereport/'))
        return fail ? answer(404, { message: 'Not found.' }) : answer(200, { url: '/api/downloads/one-time' });
      if (call.url.includes('/downloads/one-time'))
        return new Response('docx', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="redline.docx"' },
        });
      return undefined;
    });
    const shown = vi.spyOn(notifications, 'show');
    const exportButton = () => button('Export redline (Word)')!;
    click(exportButton());
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(page.sent.filter((call) => call.url.includes('/comparereport/')).map((call) => call.url)).toEqual([
      '/api/baselines/comparereport/2?document_id=5',
    ]);
    // The failure is told (a toast), the comparison stays, and the button can be pressed again.
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'The redline could not be exported', message: 'Not found.', color: 'red' }),
    );
    shown.mockRestore();
    expect(document.querySelector('[data-count="changed"]')).not.toBeNull();
    expect(exportButton().hasAttribute('disabled')).toBe(false);
    fail = false;
    click(exportButton());
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(page.sent.some((call) => call.url === '/api/downloads/one-time')).toBe(true);
  });
});
