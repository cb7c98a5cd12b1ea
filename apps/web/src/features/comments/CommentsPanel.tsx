import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import type { Commentable } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { ScreenLoader } from '../../components/ScreenLoader';
import { errorMessage } from '../../components/errorMessage';
import { useCan } from '../projects/useCan';
import { useCurrentUser } from '../user/useCurrentUser';
import { CommentComposer } from './CommentComposer';
import { CommentList } from './CommentList';
import { useCommentActions } from './useCommentActions';
import { useComments } from './useComments';
import classes from './CommentsPanel.module.css';

/**
 * The comments of the project or of one element, in the side panel (spec 2): the list, newest at the bottom,
 * and the box to write in. While it is open, what it shows is read: the marker moves when it opens and again as
 * comments of others arrive. Below reviewer (decisions §20) the list is read only: no box, no read marker moved.
 */
export function CommentsPanel({ target }: { target: Commentable }) {
  const { t } = useTranslation();
  const readerId = useCurrentUser().data?.id;
  const { query, comments, readAt, unread } = useComments(target);
  const actions = useCommentActions(target);
  const canComment = useCan('reviewer');

  // "New" marks what was unread when the panel opened (and what arrives after): marking read must not hide them.
  const [newAfter, setNewAfter] = useState<number | null>(null);
  if (newAfter === null && query.data) setNewAfter(readAt === null ? -Infinity : Date.parse(readAt));

  // Once per newest comment, so that a failed call is not repeated in a loop.
  const newest = comments.at(-1)?.id;
  const markedFor = useRef<number | undefined>(undefined);
  const { markRead } = actions;
  useEffect(() => {
    if (!canComment || unread === 0 || newest === undefined || markedFor.current === newest) return;
    markedFor.current = newest;
    markRead().catch(() => undefined);
  }, [canComment, unread, newest, markRead]);

  if (query.error) return <FormAlert message={errorMessage(query.error, t)} />;
  if (!query.data) return <ScreenLoader />;
  return (
    <div className={classes.panel}>
      <CommentList comments={comments} newAfter={newAfter ?? -Infinity} readerId={readerId} />
      {canComment ? (
        <CommentComposer onSend={actions.send} />
      ) : (
        <Text fz="xs" c="dimmed" p="sm" role="note">
          {t('readOnly.comments')}
        </Text>
      )}
    </div>
  );
}
