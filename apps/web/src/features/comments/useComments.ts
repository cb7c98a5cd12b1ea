import { useQuery } from '@tanstack/react-query';
import { unreadCount, type Commentable } from '@reqloom/domain';
import { useProject } from '../projects/useProject';
import { useCurrentUser } from '../user/useCurrentUser';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchComments } from './commentsApi';

/**
 * An element's comments (oldest first), the reader's marker and what it leaves unread, counted here from the
 * live list (comments arrive over the socket) by the rule the server counts with. `target` null: not loaded
 * (a test's comments are not, spec 2).
 */
export function useComments(target: Commentable | null) {
  const projectId = useProject().project.id;
  const userId = useCurrentUser().data?.id;
  const query = useQuery({
    queryKey: workingAreaKeys.comments(projectId, target?.type ?? 'project', target?.id ?? 0),
    queryFn: () => fetchComments(target!),
    enabled: target !== null,
  });
  const comments = query.data?.data ?? [];
  const readAt = query.data?.read_at ?? null;
  return {
    query,
    comments,
    readAt,
    unread: query.data && userId !== undefined ? unreadCount(comments, readAt, userId) : 0,
  };
}
