import { memo } from 'react';
import { Avatar } from '@mantine/core';
import type { CommentPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { avatarInitials } from '../../lib/avatarInitials';
import { relativeTime } from '../../lib/relativeTime';
import classes from './CommentsPanel.module.css';

interface CommentItemProps {
  comment: CommentPresented;
  now: number;
  formatDate: (iso: string) => string;
  unread: boolean;
}

/** One comment: who (initials and name), when (relative, the date on hover), and the text as sanitised. */
export const CommentItem = memo(function CommentItem({ comment, now, formatDate, unread }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const name = comment.author?.name ?? t('comments.unknownAuthor');
  return (
    <li className={classes.item} data-unread={unread || undefined}>
      <Avatar color="initials" name={name} radius="xl" size={30} aria-hidden="true">
        {avatarInitials(comment.author?.initials ?? '?')}
      </Avatar>
      <div className={classes.itemBody}>
        <div className={classes.itemHead}>
          <span className={classes.author}>{name}</span>
          <time dateTime={comment.created_at} title={formatDate(comment.created_at)} className={classes.time}>
            {relativeTime(comment.created_at, now, i18n.language)}
          </time>
          {unread ? <span className={classes.unreadMark}>{t('comments.new')}</span> : null}
        </div>
        {/* Sanitised by the server like rich text: safe to insert; its line breaks show (white-space). */}
        <div className={classes.content} dangerouslySetInnerHTML={{ __html: comment.content }} />
      </div>
    </li>
  );
});
