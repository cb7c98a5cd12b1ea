// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  DEFAULT_PREFERENCES,
  type ProjectMemberPresented,
  type ProjectRole,
  type RequirementPresented,
  type ReviewDetailPresented,
  type ReviewPresented,
} from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, click, openPage, settle, type as typeInto, type Page, type SentCall } from '../../test/page';
import { ProjectContext } from '../projects/ProjectContext';
import { projectFixture } from '../projects/projectFixture';
import { ReviewScreen } from './ReviewScreen';
import { ReviewsScreen } from './ReviewsScreen';

// The Reviews view and the review page (decisions §23): what each one may do there (start, verdicts, feedback, sign,
// close), what the calls send, and what signing says before it asks for the password.

const ANN = { id: 1, name: 'Ann Moderator' };
const BOB = { id: 2, name: 'Bob Approver' };
const CLEO = { id: 3, name: 'Cleo Reviewer' };

const item = (id: number, reference: string, name: string): RequirementPresented & { verdicts: [] } => ({
  id,
  project_id: 7,
  document_id: 5,
  category_id: null,
  author_id: 1,
  author: ANN,
  reference,
  reference_number: id,
  name,
  description: '<p>As reviewed.</p>',
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
  verdicts: [],
});

const REVIEW: ReviewPresented = {
  id: 4,
  project_id: 7,
  title: 'Release 1 sign-off',
  description: 'Before the release',
  state: 'open',
  approved: false,
  moderator: ANN,
  baseline_id: 11,
  revision: 1,
  document_ids: [5],
  due_date: '2026-04-01',
  created_at: '2026-03-03T10:00:00Z',
  closed_at: null,
  participants: [
    { user: BOB, role: 'approver', verdict_count: 1, signed: false },
    { user: CLEO, role: 'reviewer', verdict_count: 0, signed: true },
  ],
  signatures: [
    {
      id: 30,
      user: CLEO,
      meaning: 'reviewed',
      signed_at: '2026-03-04T10:00:00Z',
      baseline_id: 11,
      content_hash: 'ab'.repeat(32),
      revocation: null,
    },
  ],
  counts: { items: 2, approved: 1, rejected: 0, feedback_open: 1 },
};

const DETAIL: ReviewDetailPresented = {
  ...REVIEW,
  items: [
    { ...item(21, 'SR-1', 'The display shall dim at night'), verdicts: [] },
    {
      ...item(22, 'SR-2', 'The display shall show the speed'),
      verdicts: [{ user_id: BOB.id, verdict: 'approved', comment: 'Fine', at: '2026-03-04T09:00:00Z' }],
    },
  ],
  feedback: [
    {
      id: 40,
      review_id: 4,
      requirement_id: 21,
      kind: 'question',
      content: 'Which night?',
      author: CLEO,
      created_at: '2026-03-04T08:00:00Z',
      resolved: false,
      baseline_id: 11,
    },
  ],
  earlier_baseline_ids: [],
};

const MEMBERS: ProjectMemberPresented[] = [
  { user: { ...ANN, username: 'ann', initials: 'AM' }, role: 'editor', joined_at: '2026-01-01T00:00:00Z' },
  { user: { ...BOB, username: 'bob', initials: 'BA' }, role: 'reviewer', joined_at: '2026-01-01T00:00:00Z' },
  { user: { ...CLEO, username: 'cleo', initials: 'CR' }, role: 'maintainer', joined_at: '2026-01-01T00:00:00Z' },
  {
    user: { id: 4, name: 'Dan Viewer', username: 'dan', initials: 'DV' },
    role: 'viewer',
    joined_at: '2026-01-01T00:00:00Z',
  },
];
const STRUCTURE = [{ id: 5, name: 'System requirements', acronym: 'SR', categories: [], parents: [], children: [] }];

let page: Page;
afterEach(() => page.close());

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

async function show(
  address: string,
  { role, me }: { role: ProjectRole; me: { id: number; name: string } },
  respond: (call: SentCall) => Response | undefined = () => undefined,
) {
  page = await openPage((call) => {
    const own = respond(call);
    if (own) return own;
    if (call.url.endsWith('/projects/reviews/7')) return answer(200, { data: [REVIEW] });
    if (call.url.endsWith('/reviews/4') && call.method === 'GET') return answer(200, { data: DETAIL });
    if (call.url.endsWith('/projects/members/7')) return answer(200, { data: MEMBERS });
    if (call.url.endsWith('/projects/structure/7')) return answer(200, { data: STRUCTURE });
    if (call.url.endsWith('/baselines/11'))
      return answer(200, { data: { id: 11, documents: [{ id: 5, name: 'System requirements', acronym: 'SR' }] } });
    if (call.method !== 'GET') return answer(200, { data: {} });
    return answer(404, {});
  });
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  page.queryClient.setQueryData(queryKeys.user, {
    id: me.id,
    name: me.name,
    preferences: { ...DEFAULT_PREFERENCES, timezone: { autoTimezone: false, timezone: 'UTC' } },
  });
  const project = projectFixture({ my_role: role });
  page.render(
    <ProjectContext value={{ project, settings: project.settings }}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/project/ada/engine/reviews" element={<ReviewsScreen />} />
          <Route path="/project/ada/engine/reviews/:reviewId" element={<ReviewScreen />} />
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
const buttons = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button, a')].filter(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  ) as HTMLElement[];
const button = (name: string, within: ParentNode = document) => buttons(name, within)[0];
const field = (label: string, within: ParentNode = document) =>
  [...within.querySelectorAll('label')].find((element) => element.textContent?.replace('*', '').trim() === label)
    ?.control as HTMLInputElement | null | undefined;
const article = (reference: string) => document.querySelector(`article[data-item="${reference}"]`)!;
const dialog = () => document.querySelector('[role="dialog"]')!;
const turns = async (count = 5) => {
  for (let turn = 0; turn < count; turn++) await settle();
};

describe('the Reviews list', () => {
  it('lists each review with its state, the progress of each participant, the signatures and the due date', async () => {
    await show('/project/ada/engine/reviews', { role: 'editor', me: ANN });
    const rows = [...document.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(1);
    const row = rows[0]!.textContent;
    expect(row).toContain('Release 1 sign-off');
    expect(row).toContain('Open');
    expect(row).toContain('Bob Approver');
    expect(row).toContain('1 of 2 verdicts');
    expect(row).toContain('1 of 2 participants signed');
    expect(row).toContain('April 1, 2026');
    expect(row).toContain('Ann Moderator');
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/project/ada/engine/reviews/4');
    expect(button('Start review')).toBeDefined();
  });

  it('offers no start to a reviewer or a viewer', async () => {
    await show('/project/ada/engine/reviews', { role: 'reviewer', me: BOB });
    expect(text()).toContain('Release 1 sign-off');
    expect(button('Start review')).toBeUndefined();
  });

  it('starts a review of the chosen documents with the invited members in their roles; viewers are not offered', async () => {
    await show('/project/ada/engine/reviews', { role: 'editor', me: ANN }, (call) =>
      call.method === 'POST'
        ? answer(201, { data: { ...REVIEW, id: 5, title: 'Second' } })
        : call.url.endsWith('/reviews/5')
          ? answer(200, { data: { ...DETAIL, id: 5, title: 'Second' } })
          : undefined,
    );
    click(button('Start review')!);
    await turns();
    const form = dialog();
    expect(form.textContent).not.toContain('Dan Viewer');
    typeInto(field('Title', form)!, 'Second');
    click(field('SR · System requirements', form)!);
    click(field('Bob Approver', form)!);
    click(field('Cleo Reviewer', form)!);
    await settle();
    const role = form.querySelector<HTMLSelectElement>('select[aria-label="Role of Bob Approver in the review"]')!;
    role.value = 'approver';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    click(button('Start the review', form)!);
    await turns();
    expect(page.sent.find((call) => call.method === 'POST')?.body).toEqual({
      project_id: 7,
      title: 'Second',
      document_ids: [5],
      due_date: null,
      participants: [
        { user_id: 2, role: 'approver' },
        { user_id: 3, role: 'reviewer' },
      ],
    });
    expect(address()).toBe('/project/ada/engine/reviews/5');
  });
});

describe('the review page', () => {
  it('shows the items read-only with the verdicts, the feedback, the participants and the signatures', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'viewer', me: { id: 9, name: 'Vera' } });
    expect(article('SR-1').textContent).toContain('The display shall dim at night');
    expect(article('SR-1').textContent).toContain('As reviewed.');
    expect(article('SR-1').textContent).toContain('Which night?');
    expect(article('SR-2').textContent).toContain('Bob Approver: approved');
    expect(text()).toContain('ab'.repeat(32));
    // A viewer reads: no verdict, feedback, sign or moderation control.
    for (const name of ['Approve', 'Reject', 'Add feedback', 'Sign this review', 'Close review', 'Republish'])
      expect(button(name), name).toBeUndefined();
    expect(button('Export to Word')).toBeDefined();
  });

  it('lets an approver give a verdict with a comment, and press it again to withdraw it', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'reviewer', me: BOB });
    expect(button('Close review')).toBeUndefined();
    typeInto(field('Comment on my verdict (optional)', article('SR-1'))!, 'Too vague');
    click(button('Reject', article('SR-1'))!);
    await turns();
    click(button('Approve', article('SR-2'))!);
    await turns();
    expect(page.sent.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
      ['/api/reviews/verdict/4', { requirement_id: 21, verdict: 'rejected', comment: 'Too vague' }],
      ['/api/reviews/verdict/4', { requirement_id: 22, verdict: null }],
    ]);
  });

  it('adds feedback of a kind on a requirement', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'reviewer', me: BOB });
    click(button('Add feedback', article('SR-2'))!);
    await settle();
    const kind = article('SR-2').querySelector<HTMLSelectElement>('select')!;
    kind.value = 'issue';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
    typeInto(field('Your feedback', article('SR-2')) as HTMLInputElement, 'Which speed?');
    await settle();
    click(button('Send feedback', article('SR-2'))!);
    await turns();
    expect(page.sent.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/reviews/feedback/4',
      body: { kind: 'issue', content: 'Which speed?', requirement_id: 22 },
    });
  });

  it('says what signing means before it asks for the meaning and the password; a wrong password shows on its field', async () => {
    let tries = 0;
    await show('/project/ada/engine/reviews/4', { role: 'reviewer', me: BOB }, (call) => {
      if (!call.url.includes('/reviews/sign/')) return undefined;
      tries++;
      return tries === 1
        ? answer(422, { message: 'The given data was invalid.', errors: { password: ['The password is incorrect.'] } })
        : answer(200, { data: {} });
    });
    click(button('Sign this review')!);
    await turns();
    const notice = dialog().querySelector('[data-testid="sign-notice"]')?.textContent ?? '';
    expect(notice).toContain('legally binding electronic signature');
    expect(notice).toContain('SHA-256');
    expect(notice).toContain('only be revoked');
    expect(button('Sign electronically', dialog())?.hasAttribute('disabled')).toBe(true);
    click(field('Approved', dialog())!);
    typeInto(field('Your password', dialog())!, 'wrong');
    await settle();
    click(button('Sign electronically', dialog())!);
    await turns();
    expect(page.sent.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/reviews/sign/4',
      body: { password: 'wrong', meaning: 'approved' },
    });
    expect(text()).toContain('The password is incorrect.');
    expect(field('Your password', dialog())?.value).toBe('');
    // The refusal is the field's, for a screen reader too.
    expect(field('Your password', dialog())?.getAttribute('aria-invalid')).toBe('true');
  });

  it('gives the moderator close and republish, and a signer the revocation of their own signature', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'editor', me: ANN });
    expect(button('Close review')).toBeDefined();
    expect(button('Republish')).toBeDefined();
    // Signed already: not deletable.
    expect(button('Delete review')).toBeUndefined();
    expect(button('Revoke my signature')).toBeUndefined();
    click(button('Close review')!);
    await settle();
    click(button('Yes, close it')!);
    await turns();
    expect(page.sent.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/reviews/close/4',
    ]);
    page.close();
    await show('/project/ada/engine/reviews/4', { role: 'maintainer', me: CLEO });
    expect(button('Sign this review')).toBeUndefined();
    click(button('Revoke my signature')!);
    await turns();
    typeInto(field('Reason', dialog()) as HTMLInputElement, 'Signed the wrong version');
    typeInto(field('Your password', dialog())!, 'secret');
    await settle();
    click(button('Revoke the signature', dialog())!);
    await turns();
    expect(page.sent.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/reviews/revokesignature/4',
      body: { signature_id: 30, password: 'secret', reason: 'Signed the wrong version' },
    });
  });

  it('marks the refused password of a revocation aria-invalid, and not before', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'maintainer', me: CLEO }, (call) =>
      call.url.includes('/reviews/revokesignature/')
        ? answer(422, { message: 'The given data was invalid.', errors: { password: ['The password is incorrect.'] } })
        : undefined,
    );
    click(button('Revoke my signature')!);
    await turns();
    typeInto(field('Reason', dialog()) as HTMLInputElement, 'Signed the wrong version');
    typeInto(field('Your password', dialog())!, 'wrong');
    await settle();
    expect(field('Your password', dialog())?.hasAttribute('aria-invalid')).toBe(false);
    click(button('Revoke the signature', dialog())!);
    await turns();
    expect(text()).toContain('The password is incorrect.');
    expect(field('Your password', dialog())?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('an account linked to single sign-on', () => {
  const SSO = { enabled: true, display_name: 'Corp SSO', local_passwords: true, linked: true };
  const linked = (call: SentCall) => (call.url.endsWith('/api/auth/oidc') ? answer(200, SSO) : undefined);

  it('revokes through the provider, as it signs: no password asked, the way there, then the revocation on return', async () => {
    await show('/project/ada/engine/reviews/4', { role: 'maintainer', me: CLEO }, linked);
    click(button('Revoke my signature')!);
    await turns();
    expect(field('Your password', dialog())).toBeUndefined();
    const way = button('Confirm it is you with Corp SSO', dialog());
    expect(way?.getAttribute('href')).toBe(
      `/api/auth/oidc/reauth?return_to=${encodeURIComponent('/project/ada/engine/reviews/4?reauth_for=revoke-30')}`,
    );
    // The reason is asked once back: typed now, it would be lost on the way.
    expect(field('Reason', dialog())).toBeUndefined();
    expect(button('Revoke the signature', dialog())?.hasAttribute('disabled')).toBe(true);
    page.close();

    // Back from the provider: the dialog is open again by itself, the proof is the server's (its cookie).
    await show(
      '/project/ada/engine/reviews/4?reauth_for=revoke-30&reauth=ok',
      { role: 'maintainer', me: CLEO },
      linked,
    );
    expect(dialog().textContent).toContain('You signed in again with Corp SSO');
    typeInto(field('Reason', dialog()) as HTMLInputElement, 'Signed the wrong version');
    await settle();
    click(button('Revoke the signature', dialog())!);
    await turns();
    const posted = page.sent.find((call) => call.method === 'POST');
    expect(posted).toMatchObject({
      url: '/api/reviews/revokesignature/4',
      body: { signature_id: 30, reason: 'Signed the wrong version' },
    });
    expect(posted?.body).not.toHaveProperty('password');
  });

  it('shows a refused proof above the form and offers the provider again', async () => {
    const refused = answer(422, {
      message: 'The given data was invalid.',
      errors: { password: ['Sign in again through single sign-on to confirm it is you, then sign.'] },
    });
    await show(
      '/project/ada/engine/reviews/4?reauth_for=revoke-30&reauth=ok',
      { role: 'maintainer', me: CLEO },
      (call) => (call.url.includes('/reviews/revokesignature/') ? refused : linked(call)),
    );
    typeInto(field('Reason', dialog()) as HTMLInputElement, 'Signed the wrong version');
    await settle();
    click(button('Revoke the signature', dialog())!);
    await turns();
    expect(dialog().textContent).toContain('Sign in again through single sign-on');
    expect(button('Confirm it is you with Corp SSO', dialog())).toBeDefined();
    expect(button('Revoke the signature', dialog())?.hasAttribute('disabled')).toBe(true);
  });

  it('says why the new sign-in at the provider was refused, in the dialog it was for, and offers it again', async () => {
    await show(
      '/project/ada/engine/reviews/4?reauth_for=sign&reauth_error=reauth',
      { role: 'reviewer', me: BOB },
      linked,
    );
    const alerts = [...dialog().querySelectorAll('[role="alert"]')].map((element) => element.textContent);
    expect(alerts).toContainEqual(expect.stringContaining('could not confirm that it is you'));
    expect(button('Confirm it is you with Corp SSO', dialog())).toBeDefined();
    expect(button('Sign electronically', dialog())?.hasAttribute('disabled')).toBe(true);
  });

  it('takes a proof brought back for a revocation for that one only, not for signing', async () => {
    await show('/project/ada/engine/reviews/4?reauth_for=revoke-30&reauth=ok', { role: 'reviewer', me: BOB }, linked);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    click(button('Sign this review')!);
    await turns();
    expect(button('Confirm it is you with Corp SSO', dialog())).toBeDefined();
    expect(dialog().textContent).not.toContain('You signed in again');
  });
});
