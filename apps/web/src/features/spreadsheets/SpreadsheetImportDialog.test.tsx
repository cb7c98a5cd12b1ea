// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { SpreadsheetPlanAnswer } from '@reqloom/domain';
import { answer, click, openPage, settle, type Page, type SentCall } from '../../test/page';
import { requirementFixture } from '../working-area/api/workingAreaFixtures';
import { SpreadsheetImportDialog } from './SpreadsheetImportDialog';

// The spreadsheet import in a page (happy-dom) against a fetch that records the calls: the dry run's table, the rows
// left out, what apply sends, and a 409 that offers the dry run again. The browser suite (e2e/spreadsheets.spec.ts)
// goes through the real server.

const notify = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../components/notify', () => ({ ...notify, notifyInfo: vi.fn() }));

const plan: SpreadsheetPlanAnswer = {
  data: {
    plan_id: 'p1',
    document_id: 3,
    expires_at: '2026-11-29T05:00:00.000Z',
    rows: [
      {
        row: 2,
        action: 'update',
        requirement_id: 41,
        changes: { name: { old: 'Engine start', new: 'Engine restart' } },
      },
      { row: 3, action: 'unchanged', requirement_id: 42 },
      { row: 4, action: 'create', changes: { name: { old: '', new: 'Cabin light' } } },
      {
        row: 5,
        action: 'error',
        errors: [{ column: 'status', code: 'unknown_status', value: 'Maybe', message: 'Unknown status' }],
      },
    ],
  },
};

let page: Page;
let respond: (call: SentCall) => Response | Promise<Response>;
let closed: number;

beforeEach(async () => {
  closed = 0;
  notify.notifySuccess.mockClear();
  respond = (call) =>
    call.url.endsWith('/apply')
      ? answer(200, { data: { created: 1, updated: 1, unchanged: 0, document_id: 3 } })
      : answer(200, plan);
  const requirements = [
    requirementFixture(41, { name: 'Engine start', reference: 'SR-1' }),
    requirementFixture(42, { name: 'Fuel', reference: 'SR-2' }),
  ];
  page = await openPage((call) =>
    call.method !== 'GET'
      ? respond(call)
      : answer(200, { data: call.url.endsWith('documents/requirements/3') ? requirements : [] }),
  );
});
afterEach(() => page.close());

const render = () =>
  page.render(
    <MemoryRouter initialEntries={['/project/ns/p']}>
      <SpreadsheetImportDialog document={{ id: 3, name: 'System' }} onClose={() => (closed += 1)} />
    </MemoryRouter>,
  );
const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
const box = (name: string) => document.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`);
const posts = () => page.sent.filter((call) => call.method === 'POST');

async function dryRun() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [new File(['x'], 'system.xlsx')], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
  click(button('Preview the changes')!);
  await settle();
}

describe('the spreadsheet import', () => {
  it('sends the document and the file, and shows each row with its action, diff and errors', async () => {
    render();
    await dryRun();
    expect(posts()[0]).toMatchObject({
      url: '/api/documents/importxlsx',
      body: [
        ['document_id', '3'],
        ['file', 'system.xlsx'],
      ],
    });
    const table = document.querySelector('table[aria-label="Dry run of “system.xlsx”"]')!;
    expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
    const update = table.querySelector('[data-row="2"]')!;
    expect(update.textContent).toContain('SR-1');
    expect(update.querySelector('ins')?.textContent).toContain('restart');
    expect(table.querySelector('[data-row="5"]')?.textContent).toContain('“Maybe” is not a status.');
    // Updates and creations chosen; unchanged and error rows cannot be.
    expect(box('Row 2: Update')?.checked).toBe(true);
    expect(box('Row 4: Create')?.checked).toBe(true);
    expect(box('Row 3: Unchanged')?.disabled).toBe(true);
    expect(box('Row 5: Error')?.disabled).toBe(true);
    expect(button('Apply 2 rows')).toBeTruthy();
  });

  it('applies only the rows kept, tells the counts and closes', async () => {
    render();
    await dryRun();
    click(box('Row 4: Create')!);
    await settle();
    click(button('Apply 1 row')!);
    await settle();
    expect(posts()[1]).toMatchObject({ url: '/api/documents/importxlsx/apply', body: { plan_id: 'p1', rows: [2] } });
    expect(notify.notifySuccess).toHaveBeenCalledWith('Spreadsheet applied: 1 created, 1 updated.');
    expect(closed).toBe(1);
  });

  it('selects none and all', async () => {
    render();
    await dryRun();
    const label = [...document.querySelectorAll('label')].find(
      (l) => l.textContent === 'Select all (2 rows can be applied)',
    );
    const all = document.getElementById(label!.htmlFor) as HTMLInputElement;
    click(all);
    await settle();
    expect(button('Apply 0 rows')?.disabled).toBe(true);
    click(all);
    await settle();
    expect(button('Apply 2 rows')?.disabled).toBe(false);
  });

  it('says that the document changed (409), and runs the dry run again on the same file', async () => {
    render();
    await dryRun();
    respond = (call) => (call.url.endsWith('/apply') ? answer(409, { message: 'Changed' }) : answer(200, plan));
    click(button('Apply 2 rows')!);
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The document has changed');
    expect(button('Apply 2 rows')?.disabled).toBe(true);
    expect(closed).toBe(0);
    click(button('Run the dry run again')!);
    await settle();
    expect(posts().map((call) => call.url)).toEqual([
      '/api/documents/importxlsx',
      '/api/documents/importxlsx/apply',
      '/api/documents/importxlsx',
    ]);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(button('Apply 2 rows')?.disabled).toBe(false);
  });

  it('a new document: sends the project with dry_run, shows the rows it would create, applies the kept ones', async () => {
    respond = (call) =>
      call.url.endsWith('/apply')
        ? answer(200, { data: { created: 1, updated: 0, unchanged: 0, document_id: 9 } })
        : answer(200, {
            data: {
              plan_id: 'p2',
              document_id: null,
              document_name: 'supplier',
              expires_at: '2026-11-29T05:00:00.000Z',
              rows: [
                { row: 2, action: 'create', changes: { name: { old: '', new: 'Braking' } } },
                { row: 3, action: 'create', changes: { name: { old: '', new: 'ABS' } } },
                plan.data.rows[3],
              ],
            },
          });
    page.render(
      <MemoryRouter initialEntries={['/project/ns/p']}>
        <SpreadsheetImportDialog onClose={() => (closed += 1)} />
      </MemoryRouter>,
    );
    await dryRun();
    expect(posts()[0]!.body).toEqual([
      ['project_id', expect.any(String)],
      ['dry_run', 'true'],
      ['file', 'system.xlsx'],
    ]);
    expect(document.body.textContent).toContain('The new document will be named “supplier”');
    expect(box('Row 5: Error')?.disabled).toBe(true);
    click(box('Row 2: Create')!);
    await settle();
    click(button('Apply 1 row')!);
    await settle();
    expect(posts()[1]).toMatchObject({ url: '/api/documents/importxlsx/apply', body: { plan_id: 'p2', rows: [3] } });
    expect(closed).toBe(1);
  });
});
