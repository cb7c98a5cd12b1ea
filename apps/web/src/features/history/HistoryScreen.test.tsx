// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AuditEntryPresented, ProjectMemberPresented, ProjectRole, UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, click, openPage, settle, type Page, type SentCall } from '../../test/page';
import { ProjectContext } from '../projects/ProjectContext';
import { projectFixture } from '../projects/projectFixture';
import { HistoryScreen } from './HistoryScreen';

// The History view of a project (decisions §21): its entries, its filters in the address and sent to the server,
// the pages, a refused filter on its field, and no view for a member below editor.

const member = (id: number, name: string, role: ProjectRole): ProjectMemberPresented => ({
  user: { id, name, username: name.toLowerCase(), initials: name.slice(0, 2).toUpperCase() },
  role,
  joined_at: '2026-01-01T00:00:00Z',
});
const MEMBERS = [member(1, 'Ada', 'maintainer'), member(2, 'Bob', 'editor')];

const entry = (id: number, over: Partial<AuditEntryPresented> = {}): AuditEntryPresented => ({
  id,
  at: '2026-11-28T10:00:00Z',
  actor: { type: 'user', id: 1, name: 'Ada', token_name: null },
  action: 'member_role_changed',
  entity_type: 'member',
  entity_id: 2,
  entity_reference: 'Bob',
  document_id: null,
  changes: { role: { old: 'editor', new: 'maintainer' } },
  ...over,
});

let page: Page;
afterEach(() => page.close());

/** The address the router is at, shown for the test to read. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search + location.hash}</output>;
}

async function show(address: string, audit: (call: SentCall) => Response, role: ProjectRole = 'editor'): Promise<void> {
  page = await openPage((call) => {
    if (call.url.includes('/projects/members/7')) return answer(200, { data: MEMBERS });
    if (call.url.includes('/projects/audit/7')) return audit(call);
    return answer(404, {});
  });
  // As the app's client does, a 4xx is not asked again.
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, {
    id: 2,
    name: 'Bob',
    preferences: { timezone: { autoTimezone: false, timezone: 'Europe/Paris' } } as UserPresented['preferences'],
  });
  const project = projectFixture({ my_role: role });
  page.render(
    <ProjectContext value={{ project, settings: project.settings }}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/project/ada/engine/history" element={<HistoryScreen />} />
          <Route path="/forbidden" element={<p>Forbidden screen</p>} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </ProjectContext>,
  );
  // The first read settles in a few turns; the screen is ready when its loader has gone.
  for (let turn = 0; turn < 50 && document.querySelector('[aria-label="Loading the history"]'); turn++) await settle();
  await settle();
}

const auditCalls = () => page.sent.filter((call) => call.url.includes('/projects/audit/7')).map((call) => call.url);
const address = () => document.querySelector('[data-testid="address"]')?.textContent;
const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);
const field = (label: string) =>
  [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label)?.control as
    HTMLInputElement | HTMLSelectElement | null | undefined;
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
const choose = (control: HTMLSelectElement | HTMLInputElement, value: string) =>
  act(() => {
    const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });

describe('the History view', () => {
  it('lists the entries with who, what, the element as a link, and the change as before → after', async () => {
    await show('/project/ada/engine/history', () =>
      answer(200, {
        data: [
          entry(2),
          entry(1, {
            actor: { type: 'token', id: 1, name: 'Ada', token_name: 'CI robot' },
            action: 'updated',
            entity_type: 'requirement',
            entity_id: 40,
            entity_reference: 'EN_SR_001',
            document_id: 5,
            changes: { name: { old: 'Speed', new: 'Ground speed' }, description: { changed: true } },
          }),
        ],
        next_cursor: null,
      }),
    );
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('Ada');
    expect(rows()[0]).toContain('Role changed');
    expect(rows()[0]).toContain('Role: Editor → Maintainer');
    expect(rows()[1]).toContain('Ada (token: CI robot)');
    expect(rows()[1]).toContain('Name: Speed → Ground speed');
    expect(rows()[1]).toContain('Description: text edited');
    const links = [...document.querySelectorAll('tbody a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Bob', '/project/ada/engine/settings#settings-members'],
      ['EN_SR_001', '/project/ada/engine/detailed/requirement/40'],
    ]);
    // The moment in the reader's time zone (10:00 UTC is 11:00 in Paris), relative on screen.
    expect(document.querySelector('time')?.getAttribute('title')).toBe('Nov 28, 2026, 11:00 AM');
  });

  it('sends the filters of the address, and puts a filter chosen into the address', async () => {
    await show('/project/ada/engine/history?action=member_joined&from=2026-11-01&to=2026-11-28', () =>
      answer(200, { data: [], next_cursor: null }),
    );
    expect(auditCalls()).toEqual([
      '/api/projects/audit/7?action=member_joined&after=2026-10-31T23%3A00%3A00.000Z&before=2026-11-28T23%3A00%3A00.000Z',
    ]);
    expect(document.body.textContent).toContain('No change matches these filters.');
    expect(field('Action')?.value).toBe('member_joined');
    choose(field('Person') as HTMLSelectElement, '2');
    await settle();
    expect(address()).toBe('/project/ada/engine/history?who=2&action=member_joined&from=2026-11-01&to=2026-11-28');
    expect(auditCalls().at(-1)).toBe(
      '/api/projects/audit/7?actor_id=2&action=member_joined&after=2026-10-31T23%3A00%3A00.000Z&before=2026-11-28T23%3A00%3A00.000Z',
    );
    click(button('Clear the filters')!);
    await settle();
    expect(address()).toBe('/project/ada/engine/history');
    expect(auditCalls().at(-1)).toBe('/api/projects/audit/7');
    expect(document.body.textContent).toContain('Changes made in the project will be listed here.');
  });

  it('loads older entries on the cursor', async () => {
    await show('/project/ada/engine/history', (call) =>
      call.url.includes('cursor=next_1')
        ? answer(200, { data: [entry(1)], next_cursor: null })
        : answer(200, { data: [entry(3), entry(2)], next_cursor: 'next_1' }),
    );
    expect(rows()).toHaveLength(2);
    click(button('Show older changes')!);
    await settle();
    expect(auditCalls().at(-1)).toBe('/api/projects/audit/7?cursor=next_1');
    expect(rows()).toHaveLength(3);
    expect(button('Show older changes')).toBeUndefined();
  });

  it("shows the server's refusal of a date on its field, not as a broken screen", async () => {
    await show('/project/ada/engine/history?from=yesterday', () =>
      answer(422, {
        message: 'This must be a date.',
        errors: { after: ['This must be a date (2026-11-28).'] },
      }),
    );
    expect(auditCalls()).toEqual(['/api/projects/audit/7?after=yesterday']);
    const from = field('From')!;
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('This must be a date (2026-11-28).');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('is no view for a viewer or a reviewer: they get the forbidden screen, and no call is made', async () => {
    for (const role of ['viewer', 'reviewer'] as const) {
      await show('/project/ada/engine/history', () => answer(403, {}), role);
      expect(document.body.textContent).toContain('Forbidden screen');
      expect(auditCalls()).toEqual([]);
      page.close();
      page = await openPage(() => answer(404, {}));
    }
  });
});
