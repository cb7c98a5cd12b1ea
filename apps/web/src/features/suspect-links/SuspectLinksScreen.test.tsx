// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { ProjectRole, SuspectLinkPresented } from '@reqloom/domain';
import { answer, click, openPage, settle, type Page } from '../../test/page';
import { SuspectLinksScreen } from './SuspectLinksScreen';

// The Suspect links view (decisions §22): links grouped by parent with the parent's change as a word-level diff,
// insertions and deletions named for assistive technologies; editors tick links and mark them as reviewed.

const link = (parent: number, child: number): SuspectLinkPresented => ({
  parent: { id: parent, reference: `SYS_00${parent}`, name: `Pump ${parent}`, document_id: 1 },
  child: { id: child, reference: `SRS_00${child}`, name: `Motor ${child}`, document_id: 2 },
  suspect_since: '2026-11-28T10:00:00.000Z',
  changed_by: { id: 1, name: 'Ada' },
  changes: {
    name: { before: 'The pump shall start', after: 'The pump shall start within 2 s' },
    status: { before: 0, after: 1 },
  },
});

let page: Page;
afterEach(() => page.close());

/** Serves `links` in pages of `size` on a cursor that is the next page's index, and their count. */
async function show(role: ProjectRole, links: SuspectLinkPresented[], size = 100) {
  page = await openPage(
    (call) => {
      if (call.url.includes('/projects/suspectlinkcount/7')) return answer(200, { count: links.length });
      if (call.url.includes('/projects/suspectlinks/7')) {
        const index = Number(new URL(call.url, 'http://x').searchParams.get('cursor') ?? 0);
        const next = index + size < links.length ? String(index + size) : null;
        return answer(200, { data: links.slice(index, index + size), next_cursor: next });
      }
      if (call.url.includes('/requirementlinks/validate')) return answer(200, { events: [] });
      return answer(404, {});
    },
    7,
    role,
  );
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  page.render(
    <MemoryRouter>
      <SuspectLinksScreen />
    </MemoryRouter>,
  );
  for (let turn = 0; turn < 50 && document.querySelector('[aria-label="Loading the suspect links"]'); turn++)
    await settle();
  await settle();
}

const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const button = (text: RegExp) =>
  [...document.querySelectorAll('button')].find((b) => text.test(b.textContent ?? '')) as HTMLButtonElement;

describe('the Suspect links view', () => {
  it('groups links by parent and shows the parent’s change word by word, not by colour alone', async () => {
    await show('editor', [link(1, 3), link(1, 4), link(2, 5)]);
    const groups = [...document.querySelectorAll('[data-suspect-parent]')];
    expect(groups.map((g) => g.querySelector('h2')?.textContent)).toEqual(['SYS_001 Pump 1', 'SYS_002 Pump 2']);
    expect(groups[0]!.querySelectorAll('li')).toHaveLength(2);
    const name = groups[0]!.querySelector('[aria-label="Name"]')!;
    expect(name.querySelector('ins')?.textContent).toMatch(/^added +within 2 s$/);
    expect(name.textContent).toContain('The pump shall start');
    const status = groups[0]!.querySelector('[aria-label="Status"]')!;
    expect(status.querySelector('del')?.textContent).toBe('removed Draft');
    expect(status.querySelector('ins')?.textContent).toBe('added Written');
    expect(document.body.textContent).toContain('3 suspect links');
    expect(document.body.textContent).toContain('Changed by Ada');
  });

  it('marks the chosen links as reviewed with the comment; select all takes every one', async () => {
    await show('editor', [link(1, 3), link(2, 5)]);
    const [all, first] = boxes();
    expect(button(/Mark/).disabled).toBe(true);
    expect(button(/Mark/).textContent).toBe('Mark as reviewed');
    click(first!);
    expect(button(/Mark/).textContent).toBe('Mark 1 link as reviewed');
    click(all!);
    expect(button(/Mark/).textContent).toBe('Mark 2 links as reviewed');
    click(button(/Mark/));
    await settle();
    const sent = page.sent.filter((c) => c.url.includes('/requirementlinks/validate'));
    expect(sent.map((c) => c.body)).toEqual([
      {
        links: [
          { parent_id: 1, child_id: 3 },
          { parent_id: 2, child_id: 5 },
        ],
      },
    ]);
  });

  it('loads the next page when asked, keeps a parent’s links in one group, and counts them all', async () => {
    await show('editor', [link(1, 3), link(1, 4), link(2, 5), link(3, 6)], 1);
    expect(document.body.textContent).toContain('4 suspect links');
    expect(document.body.textContent).toContain('Showing 1 of 4');
    const more = () => button(/^Load more suspect links$/);
    const shown = () => document.querySelectorAll('[data-suspect-parent] li').length;
    for (let turn = 1; turn < 4; turn++) {
      expect(more(), `page ${turn + 1}`).toBeDefined();
      click(more());
      for (let wait = 0; wait < 50 && shown() === turn; wait++) await settle();
    }
    await settle();
    const groups = [...document.querySelectorAll('[data-suspect-parent]')];
    expect(groups.map((g) => g.querySelectorAll('li').length)).toEqual([2, 1, 1]);
    expect(more()).toBeUndefined();
    expect(document.body.textContent).not.toContain('Showing');
    const pages = page.sent.filter((c) => c.url.includes('/projects/suspectlinks/7'));
    expect(pages.map((c) => new URL(c.url, 'http://x').searchParams.get('cursor'))).toEqual([null, '1', '2', '3']);
  });

  it('shows no boxes nor button below editor, and says when nothing is suspect', async () => {
    await show('reviewer', [link(1, 3)]);
    expect(boxes()).toEqual([]);
    expect(button(/Mark/)).toBeUndefined();
    page.close();
    await show('editor', []);
    expect(document.body.textContent).toContain('No suspect link');
  });
});
