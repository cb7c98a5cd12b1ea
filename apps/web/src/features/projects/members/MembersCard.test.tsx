// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { ProjectMemberPresented, ProjectRole, UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../../api/queryKeys';
import { answer, click, openPage, settle, type Page, type SentCall } from '../../../test/page';
import { projectFixture } from '../projectFixture';
import { MembersCard } from './MembersCard';

// The Members card of the project settings (decisions §20): what each role sees and may do.

const member = (id: number, name: string, role: ProjectRole): ProjectMemberPresented => ({
  user: { id, name, username: name.toLowerCase(), initials: name.slice(0, 2).toUpperCase() },
  role,
  joined_at: '2026-01-01T00:00:00Z',
});
const MEMBERS = [member(1, 'Ada', 'maintainer'), member(2, 'Bob', 'editor'), member(3, 'Cy', 'viewer')];
/** The server's list, as the calls of the test change it. */
let members: ProjectMemberPresented[] = [];

let page: Page;
afterEach(() => page.close());

async function show(role: ProjectRole, respond: (call: SentCall) => Response = () => answer(404, {})) {
  members = [...MEMBERS];
  page = await openPage((call) =>
    call.method === 'GET' && call.url.includes('/projects/members/7') ? answer(200, { data: members }) : respond(call),
  );
  const me = { maintainer: 1, editor: 2, viewer: 3, reviewer: 3 }[role];
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, { id: me, name: 'Me' });
  const project = projectFixture({ my_role: role });
  page.render(
    <MemoryRouter>
      <MembersCard project={project} settings={{ ...project.settings, joinRole: 'reviewer' }} />
    </MemoryRouter>,
  );
  await settle();
}

const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
const select = (label: string) =>
  [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label)?.control as
    HTMLSelectElement | null | undefined;
const joinLink = () => document.querySelector<HTMLInputElement>('input[readonly]')?.value;
const choose = (field: HTMLSelectElement, value: string) =>
  act(() => {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });

describe('the Members card', () => {
  it('lists every member with their role', async () => {
    await show('viewer');
    const list = byLabel('Members')!;
    expect(list.textContent).toContain('Ada');
    expect(list.textContent).toContain('@bob');
    expect(list.textContent).toContain('Editor');
    expect(list.textContent).toContain('Cy (you)');
  });

  it('gives a maintainer a role menu and a remove button for the others, and the join link with its role', async () => {
    await show('maintainer');
    expect(byLabel('Role of Bob')).toBeTruthy();
    expect(byLabel('Role of Ada')).toBeTruthy();
    expect(byLabel('Remove Bob from the project')).toBeTruthy();
    expect(byLabel('Remove Ada from the project')).toBeNull();
    expect(select('Role given by the join link')?.value).toBe('reviewer');
    expect(button('New link…')).toBeTruthy();
    expect(joinLink()).toContain('/projects/join/ada/engine/token');
  });

  it('gives an editor or a viewer no role menu, no remove, no join link; only leaving', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      await show(role);
      expect(byLabel('Role of Ada')).toBeNull();
      expect(document.querySelector('[aria-label^="Remove "]')).toBeNull();
      expect(select('Role given by the join link')).toBeFalsy();
      expect(button('New link…')).toBeUndefined();
      expect(joinLink()).toBeUndefined();
      expect(button('Leave the project')).toBeTruthy();
      page.close();
      page = await openPage(() => answer(404, {}));
    }
  });

  it('changes a role and shows the server refusing to leave no maintainer', async () => {
    await show('maintainer', (call) =>
      call.url.endsWith('/projects/members/7/2')
        ? answer(200, { data: (members[1] = { ...MEMBERS[1]!, role: 'reviewer' }) })
        : answer(422, {
            message: 'The project needs a maintainer.',
            errors: { role: ['The project needs a maintainer.'] },
          }),
    );
    choose(byLabel('Role of Bob') as HTMLSelectElement, 'reviewer');
    await settle();
    expect(page.sent.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ url: expect.stringContaining('/projects/members/7/2'), body: { role: 'reviewer' } }),
    ]);
    expect((byLabel('Role of Bob') as HTMLSelectElement).value).toBe('reviewer');
    choose(byLabel('Role of Ada') as HTMLSelectElement, 'editor');
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The project needs a maintainer.');
  });

  it('removes a member after a confirmation', async () => {
    await show('maintainer', () => {
      members = members.filter((each) => each.user.id !== 2);
      return answer(204);
    });
    click(byLabel('Remove Bob from the project')!);
    expect(page.sent.some((call) => call.method === 'DELETE')).toBe(false);
    click(button('Remove Bob')!);
    await settle();
    expect(page.sent.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringContaining('/projects/members/7/2'),
    ]);
    expect(byLabel('Members')!.textContent).not.toContain('Bob');
  });

  it('makes a new join link only once the person confirms that the old one stops working', async () => {
    await show('maintainer', () => answer(200, { data: projectFixture({ join_token: 'fresh' }) }));
    click(button('New link…')!);
    expect(document.body.textContent).toContain('the current link will stop working');
    click(button('Make a new join link')!);
    await settle();
    expect(page.sent.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      expect.stringContaining('/projects/jointoken/7'),
    ]);
  });

  it('lets a member leave after a confirmation, then goes to the dashboard', async () => {
    await show('viewer', () => answer(204));
    click(button('Leave the project')!);
    expect(page.sent.some((call) => call.method === 'DELETE')).toBe(false);
    const confirm = document.querySelector('[role="group"][aria-label="Leave the project"] button')!;
    click(confirm);
    await settle();
    expect(page.sent.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringContaining('/projects/members/7/3'),
    ]);
  });
});
