import type { Commentable, CommentPresented, CommentsAnswer } from '@reqloom/domain';
import { api, written, type Written } from '../../api/client';

// The path segment of each kind's calls: `documents/comments/{id}`, `documents/comment/{id}`… (decisions §11).
const SEGMENT = { project: 'projects', document: 'documents', category: 'categories', requirement: 'requirements' };

export const fetchComments = (target: Commentable) =>
  api.get<CommentsAnswer>(`${SEGMENT[target.type]}/comments/${target.id}`);

/** The project's own comments go through `projects/comment`, which names the element in the body. */
export function postComment(target: Commentable, content: string): Promise<Written<CommentPresented>> {
  return written(
    target.type === 'project'
      ? api.post<{ data: CommentPresented }>(`projects/comment/${target.id}`, {
          commentable_type: 'project',
          commentable_id: target.id,
          content,
        })
      : api.post<{ data: CommentPresented }>(`${SEGMENT[target.type]}/comment/${target.id}`, { content }),
  );
}

// Served as POST: it changes state (decisions §2).
export const markCommentsRead = (target: Commentable) =>
  api.post<void>(`commentable/updatereadat/${target.type}/${target.id}`);
