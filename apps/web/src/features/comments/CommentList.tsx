import { useLayoutEffect, useRef } from 'react';
import { ScrollArea } from '@mantine/core';
import type { CommentPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { useNow } from '../../lib/useNow';
import { CommentItem } from './CommentItem';
import classes from './CommentsPanel.module.css';

interface CommentListProps {
  comments: CommentPresented[];
  /** Comments of others after this time are marked new: the marker as it was when the panel opened. */
  newAfter: number;
  readerId: number | undefined;
}

/** The comments oldest first, kept scrolled to the newest (at the bottom) as they arrive. */
export function CommentList({ comments, newAfter, readerId }: CommentListProps) {
  const { t } = useTranslation();
  const now = useNow(5_000);
  const formatDate = useFormatDateTime();
  const viewport = useRef<HTMLDivElement>(null);
  const newest = comments.at(-1)?.id;
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);
  return (
    <ScrollArea className={classes.scroll} viewportRef={viewport} type="auto">
      {comments.length === 0 ? (
        <p className={classes.empty}>{t('comments.empty')}</p>
      ) : (
        <ol className={classes.list} aria-label={t('comments.listLabel')}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              now={now}
              formatDate={formatDate}
              unread={comment.author_id !== readerId && Date.parse(comment.created_at) > newAfter}
            />
          ))}
        </ol>
      )}
    </ScrollArea>
  );
}
