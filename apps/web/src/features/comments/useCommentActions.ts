import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Commentable, CommentsAnswer } from '@reqloom/domain';
import { useProject } from '../projects/useProject';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { applyOwnWorkingAreaEvents } from '../working-area/api/applyWorkingAreaEvent';
import { markCommentsRead, postComment } from './commentsApi';

/**
 * Sending a comment and marking an element's comments read. The server does not send the caller's own
 * CommentCreated to its socket (X-Socket-ID): the answer carries it, applied as the socket's events are.
 */
export function useCommentActions(target: Commentable) {
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;
  const { type, id } = target;

  const send = useCallback(
    async (content: string) => {
      const { data, events } = await postComment({ type, id }, content);
      await applyOwnWorkingAreaEvents(queryClient, projectId, events);
      return data;
    },
    [queryClient, projectId, type, id],
  );

  /**
   * The marker moves to the server's now; locally it moves to the newest comment shown, which is what was read
   * (the client's clock is not the server's), so a comment arriving meanwhile still counts as unread.
   */
  const markRead = useCallback(async () => {
    const key = workingAreaKeys.comments(projectId, type, id);
    const shown = queryClient.getQueryData<CommentsAnswer>(key)?.data ?? [];
    const newest = shown.at(-1)?.created_at;
    await markCommentsRead({ type, id });
    if (!newest) return;
    queryClient.setQueryData<CommentsAnswer>(key, (answer) =>
      answer && (answer.read_at === null || Date.parse(answer.read_at) < Date.parse(newest))
        ? { ...answer, read_at: newest }
        : answer,
    );
  }, [queryClient, projectId, type, id]);

  return useMemo(() => ({ send, markRead }), [send, markRead]);
}
