import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CommentPresented, CommentsAnswer, RequirementPresented } from '@reqloom/domain';
import { applyWorkingAreaEvent } from './applyWorkingAreaEvent';
import type { RequirementWithRevisions } from './workingAreaApi';
import { PROJECT, requirementFixture as requirement } from './workingAreaFixtures';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';
import { applyCommentCreated } from './applyCommentCreated';

const comment = (id: number, over: Partial<CommentPresented> = {}): CommentPresented => ({
  id,
  project_id: PROJECT,
  author_id: 2,
  author: { id: 2, name: 'Bo Peep', initials: 'BP' },
  commentable_type: 'requirement',
  commentable_id: 1,
  content: `c${id}`,
  created_at: `2026-01-01T00:00:0${id}Z`,
  ...over,
});

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<CommentsAnswer>(keys.comments(PROJECT, 'requirement', 1), {
    data: [comment(1)],
    read_at: null,
    unread: 1,
  });
  queryClient.setQueryData(keys.documentRequirements(PROJECT, 1), [requirement(1), requirement(2)]);
  queryClient.setQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1), {
    ...requirement(1),
    revisions: [],
  });
  const comments = () =>
    queryClient.getQueryData<CommentsAnswer>(keys.comments(PROJECT, 'requirement', 1))?.data.map((c) => c.id);
  const flags = () =>
    queryClient
      .getQueryData<RequirementPresented[]>(keys.documentRequirements(PROJECT, 1))
      ?.map((r) => [r.id, r.has_comments]);
  return { queryClient, comments, flags };
}

describe('applyCommentCreated', () => {
  it('adds the comment to its element’s list once, in order, and marks the requirement as commented', () => {
    const { queryClient, comments, flags } = setUp();
    applyCommentCreated(queryClient, PROJECT, comment(3));
    applyCommentCreated(queryClient, PROJECT, comment(2));
    applyCommentCreated(queryClient, PROJECT, comment(3));
    expect(comments()).toEqual([1, 2, 3]);
    expect(flags()).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(queryClient.getQueryData<RequirementWithRevisions>(keys.requirement(PROJECT, 1))?.has_comments).toBe(true);
  });

  it('leaves lists nobody loaded alone, and other kinds’ requirements untouched', () => {
    const { queryClient, comments, flags } = setUp();
    applyCommentCreated(queryClient, PROJECT, comment(4, { commentable_type: 'document', commentable_id: 1 }));
    expect(queryClient.getQueryData(keys.comments(PROJECT, 'document', 1))).toBeUndefined();
    expect(comments()).toEqual([1]);
    expect(flags()).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  it('is what the working-area applier does with CommentCreated from the socket', async () => {
    const { queryClient, comments } = setUp();
    await applyWorkingAreaEvent(queryClient, PROJECT, { name: 'CommentCreated', payload: { comment: comment(5) } });
    expect(comments()).toEqual([1, 5]);
  });
});
