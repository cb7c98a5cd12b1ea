import type { QueryClient } from '@tanstack/react-query';
import type { CommentPresented, CommentsAnswer, RequirementPresented } from '@reqloom/domain';
import type { RequirementWithRevisions } from './workingAreaApi';
import { workingAreaKeys as keys } from '../../../api/workingAreaKeys';

/**
 * What CommentCreated changes in the caches, whether it came over the socket (another member) or from the
 * caller's own answer: the comment joins its element's list (once, in order), and a commented requirement
 * shows it has comments in its view and its document's list. Nothing is reloaded.
 */
export function applyCommentCreated(queryClient: QueryClient, projectId: number, comment: CommentPresented): void {
  queryClient.setQueryData<CommentsAnswer>(
    keys.comments(projectId, comment.commentable_type, comment.commentable_id),
    (answer) =>
      answer && !answer.data.some((c) => c.id === comment.id)
        ? { ...answer, data: [...answer.data, comment].sort((a, b) => a.id - b.id) }
        : answer,
  );
  if (comment.commentable_type !== 'requirement') return;
  const id = comment.commentable_id;
  queryClient.setQueryData<RequirementWithRevisions>(keys.requirement(projectId, id), (old) =>
    old && !old.has_comments ? { ...old, has_comments: true } : old,
  );
  queryClient.setQueriesData<RequirementPresented[]>({ queryKey: keys.allDocumentRequirements(projectId) }, (list) =>
    list?.some((r) => r.id === id && !r.has_comments)
      ? list.map((r) => (r.id === id ? { ...r, has_comments: true } : r))
      : list,
  );
}
