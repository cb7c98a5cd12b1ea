// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { ImportAnswer } from '@reqloom/domain';
import { answer, click, openPage, press, settle, type Page, type SentCall } from '../../../test/page';
import { documentFixture } from '../api/workingAreaFixtures';
import { workingAreaKeys } from '../../../api/workingAreaKeys';
import type { StructureDocument } from '../api/workingAreaApi';
import { ImportDialog } from './ImportDialog';

// The import dialog in a page (happy-dom) against a fetch that records the calls: choosing a file, what is sent,
// the report, the refusals. The browser suite (e2e/import.spec.ts) imports real files through the real server.

const notify = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../components/notify', () => ({ ...notify, notifyInfo: vi.fn() }));

const { id: _id, categories: _categories, ...presented } = documentFixture(1);
const doc = (id: number, name: string, acronym: string) => ({ ...presented, id, name, acronym, reference: acronym });
const imported: ImportAnswer = {
  data: {
    documents: [doc(11, 'Requirements Document', 'RD'), doc(12, 'System Requirements', 'SR')],
    report: {
      created: { documents: 2, categories: 5, requirements: 16, links: 9, images: 0, classifiers: 0, tags: 0 },
      skipped: [
        { what: 'Attribute <b>S</b> of relations', reason: 'relations keep no values' },
        { what: 'Tool extension', reason: 'not part of ReqIF' },
      ],
    },
  },
  projectDocuments: [
    doc(1, 'Existing', 'EX'),
    doc(11, 'Requirements Document', 'RD'),
    doc(12, 'System Requirements', 'SR'),
  ],
};

let page: Page;
let respond: (call: SentCall) => Response | Promise<Response>;
let closed: number;

/** Shows the address the dialog went to. */
function Where() {
  return <span data-where>{useLocation().pathname}</span>;
}
const where = () => document.querySelector('[data-where]')?.textContent;

/** Shows the dialog until it asks to close, as the working area's dialog host does. */
function Host({ format }: { format: 'reqif' | 'msword' }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <ImportDialog
      format={format}
      onClose={() => {
        closed += 1;
        setOpen(false);
      }}
    />
  ) : null;
}

beforeEach(async () => {
  respond = () => answer(201, imported);
  closed = 0;
  notify.notifyError.mockClear();
  notify.notifySuccess.mockClear();
  page = await openPage((call) => (call.url.includes('/structure/') ? answer(200, { data: [] }) : respond(call)));
});
afterEach(() => page.close());

const render = (format: 'reqif' | 'msword' = 'reqif') =>
  page.render(
    <MemoryRouter initialEntries={['/project/ns/p']}>
      <Host format={format} />
      <Where />
    </MemoryRouter>,
  );
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
const fieldError = () => document.querySelector('.mantine-InputWrapper-error')?.textContent;
const uploads = () => page.sent.filter((call) => call.method === 'POST');

function choose(name: string, size?: number) {
  const file = new File(['<REQ-IF/>'], name);
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(fileInput(), 'files', { value: [file], configurable: true });
  act(() => {
    fileInput().dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const pick = async (name: string, size?: number) => {
  choose(name, size);
  await settle();
};

describe('the import dialog', () => {
  it('offers the files of its kind, and imports nothing until one is chosen', () => {
    render();
    expect(dialog()?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.body.textContent).toContain('Import a ReqIF file');
    expect(fileInput().accept).toBe('.reqif,.reqifz');
    expect(document.body.textContent).toContain('.reqif or .reqifz, 20 MB at most');
    expect(button('Import')?.disabled).toBe(true);
  });

  it('closes on Cancel, and on Escape', async () => {
    render();
    click(button('Cancel')!);
    expect(closed).toBe(1);
    page.close();
    page = await openPage(() => answer(404, {}));
    render();
    await pick('traceability.reqif');
    press(document.activeElement ?? document.body, 'Escape');
    await settle();
    expect(closed).toBe(2);
    expect(uploads()).toEqual([]);
  });

  it('sends project_id then the file, shows what was created and left out, and opens the first document', async () => {
    page.queryClient.setQueryData<StructureDocument[]>(workingAreaKeys.structure(7), [
      documentFixture(1, { name: 'Existing', acronym: 'EX', categories: [] }),
    ]);
    render();
    await pick('traceability.reqif');
    expect(button('Import')?.disabled).toBe(false);
    click(button('Import')!);
    await settle();
    expect(uploads()).toEqual([
      {
        method: 'POST',
        url: '/api/documents/importreqif',
        body: [
          ['project_id', '7'],
          ['file', 'traceability.reqif'],
        ],
      },
    ]);
    const counts = [...document.querySelectorAll('[data-count]')].map((tile) => tile.textContent);
    expect(counts).toEqual(['2documents', '5categories', '16requirements', '9links']);
    expect(document.body.textContent).toContain('Requirements Document');
    // The server's texts are text: a tag in them is shown, not made.
    expect(document.body.textContent).toContain('Attribute <b>S</b> of relations — relations keep no values');
    expect(dialog()?.querySelector('b')).toBeNull();
    expect(document.querySelector('[role="region"]')?.getAttribute('tabindex')).toBe('0');
    // The structure shows the new documents at once.
    const structure = page.queryClient.getQueryData<StructureDocument[]>(workingAreaKeys.structure(7));
    expect(structure?.map((d) => d.id)).toEqual(expect.arrayContaining([1, 11, 12]));

    click(button('Open “Requirements Document”')!);
    expect(closed).toBe(1);
    await settle();
    expect(where()).toBe('/project/undefined/undefined/detailed/document/11');
  });

  it('says when nothing was left out', async () => {
    respond = () =>
      answer(201, { ...imported, data: { ...imported.data, report: { ...imported.data.report, skipped: [] } } });
    render('msword');
    expect(fileInput().accept).toContain('.docx');
    await pick('trace.docx');
    click(button('Import')!);
    await settle();
    expect(uploads()[0]?.url).toBe('/api/documents/importmsword');
    expect(document.body.textContent).toContain('Everything in the file was imported.');
  });

  it('shows the server’s reason for refusing the file under the field, and keeps the dialog open', async () => {
    respond = () =>
      answer(422, {
        message: 'The file is not valid.',
        errors: { file: ['This is not a ReqIF file: no REQ-IF root.'] },
      });
    render();
    await pick('notes.reqif');
    click(button('Import')!);
    await settle();
    expect(fieldError()).toBe('This is not a ReqIF file: no REQ-IF root.');
    expect(fileInput().closest('[role="dialog"]')).not.toBeNull();
    // The same file would be refused again: another one must be chosen first.
    expect(button('Import')?.disabled).toBe(true);
    await pick('other.reqif');
    expect(fieldError()).toBeUndefined();
    expect(button('Import')?.disabled).toBe(false);
    expect(closed).toBe(0);
  });

  it('says a file is too large, before sending it and when the server says so', async () => {
    render();
    await pick('huge.reqif', 20 * 1024 * 1024 + 1);
    expect(fieldError()).toBe('The file is too large (over 20 MB).');
    expect(button('Import')?.disabled).toBe(true);
    respond = () => answer(413, { message: 'Request body is too large' });
    await pick('big.reqifz');
    click(button('Import')!);
    await settle();
    expect(fieldError()).toBe('The file is too large (over 20 MB).');
    expect(uploads()).toHaveLength(1);
  });

  it('refuses a file of another kind (dropped, past the picker’s filter) without sending it', async () => {
    render();
    await pick('notes.txt');
    expect(fieldError()).toBe('This kind of file cannot be imported here.');
    expect(button('Import')?.disabled).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('shows a refusal with no field above the form, and a lost connection in a toast', async () => {
    respond = () => answer(403, { message: 'The MS Word import is for alpha users.' });
    render('msword');
    await pick('trace.docx');
    click(button('Import')!);
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The MS Word import is for alpha users.');
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    click(button('Import')!);
    await settle();
    expect(notify.notifyError).toHaveBeenCalledWith('Connection error', 'The import failed');
    expect(button('Import')?.disabled).toBe(false);
  });

  it('can be closed while the file is on its way: the import goes on and a toast tells how it ended', async () => {
    let finish: (response: Response) => void = () => undefined;
    respond = () => new Promise<Response>((resolve) => (finish = resolve));
    render();
    await pick('traceability.reqif');
    click(button('Import')!);
    await settle();
    expect(document.querySelector('[role="status"]')?.textContent).toContain('You may close this dialog');
    click(button('Close')!);
    expect(closed).toBe(1);
    await settle(300);
    expect(dialog()).toBeNull();
    finish(answer(201, imported));
    await settle();
    expect(notify.notifySuccess).toHaveBeenCalledWith('“traceability.reqif” imported: 2 documents created.');
    expect(notify.notifyError).not.toHaveBeenCalled();
  });
});
