// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type CommentPresented, type ProjectRole, type UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { answer, openPage, settle, type Page } from '../../test/page';
import { CommentsPanel } from './CommentsPanel';

// Who may write in the comments panel (decisions §20): a reviewer and above; a viewer reads, and moves no marker.

const COMMENT: CommentPresented = {
  id: 1,
  project_id: 7,
  author_id: 2,
  author: { id: 2, name: 'Bob', initials: 'BO' },
  commentable_type: 'requirement',
  commentable_id: 5,
  content: 'Is 10 ms enough?',
  created_at: '2026-01-01T00:00:00Z',
};

let page: Page;
afterEach(() => page.close());

async function show(role: ProjectRole) {
  page = await openPage(
    (call) =>
      call.url.includes('/requirements/comments/5')
        ? answer(200, { data: [COMMENT], read_at: null, unread: 1 })
        : answer(204),
    7,
    role,
  );
  page.queryClient.setQueryData<Partial<UserPresented>>(queryKeys.user, {
    id: 1,
    name: 'Ada',
    preferences: DEFAULT_PREFERENCES,
  });
  page.render(<CommentsPanel target={{ type: 'requirement', id: 5 }} />);
  await settle();
}

const box = () => document.querySelector('[aria-label="Your comment"]');
const marked = () => page.sent.filter((call) => call.url.includes('/commentable/updatereadat/'));

describe('the comments panel by role', () => {
  it('gives a reviewer the comment box and marks what it read', async () => {
    await show('reviewer');
    expect(document.body.textContent).toContain('Is 10 ms enough?');
    expect(box()).toBeTruthy();
    expect(document.querySelector('[aria-label="Send the comment"]')).toBeTruthy();
    expect(marked()).toHaveLength(1);
  });

  it('gives a viewer the comments to read, a word on why there is no box, and marks nothing read', async () => {
    await show('viewer');
    expect(document.body.textContent).toContain('Is 10 ms enough?');
    expect(box()).toBeNull();
    expect(document.querySelector('[role="note"]')?.textContent).toContain('writing them takes a reviewer or above');
    expect(marked()).toHaveLength(0);
  });
});
