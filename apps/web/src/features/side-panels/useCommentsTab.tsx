import type { Commentable } from '@reqloom/domain';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../components/ScreenLoader';
import { CommentsPanel } from '../comments/CommentsPanel';
import { useComments } from '../comments/useComments';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import type { SideTab } from './sideTab';

/**
 * The comments tab of a view, with its unread count: the comments are loaded with the view, panel open or not,
 * so that the tab can say how many are unread. Without a `target` nothing is loaded: the requirement is not known
 * yet, or it is a test, whose comments are not loaded (spec 2).
 */
export function useCommentsTab(
  target: Commentable | null,
  subject: string | undefined,
  without: 'test' | 'pending' = 'pending',
): SideTab {
  const { t } = useTranslation();
  const { unread } = useComments(target);
  return {
    name: 'comments',
    label: t('comments.title'),
    icon: <IconMessageCircle size={18} />,
    count: unread,
    countLabel: t('comments.unread', { count: unread }),
    subject,
    panel: target ? (
      <CommentsPanel key={`${target.type}-${target.id}`} target={target} />
    ) : without === 'pending' ? (
      <ScreenLoader />
    ) : (
      <PanelEmptyState
        icon={<IconMessageCircle size={22} />}
        title={t('comments.title')}
        text={t('comments.notForTests')}
      />
    ),
  };
}
