import { Badge, Group } from '@mantine/core';
import type { ReviewPresented } from '@reqloom/domain';
import { IconCircleCheck, IconLock, IconProgress } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Open or closed, and approved once every approver's signature stands (decisions §23), each said in words. */
export function ReviewStateBadges({ review }: { review: Pick<ReviewPresented, 'state' | 'approved'> }) {
  const { t } = useTranslation();
  const open = review.state === 'open';
  return (
    <Group gap={6} wrap="nowrap" data-review-state={review.approved ? 'approved' : review.state}>
      <Badge
        variant="light"
        color={open ? 'blue' : 'gray'}
        radius="sm"
        leftSection={open ? <IconProgress size={12} aria-hidden /> : <IconLock size={12} aria-hidden />}
        styles={{ label: { textTransform: 'none' } }}
      >
        {open ? t('reviews.state.open') : t('reviews.state.closed')}
      </Badge>
      {review.approved ? (
        <Badge
          variant="filled"
          color="teal"
          radius="sm"
          leftSection={<IconCircleCheck size={12} aria-hidden />}
          styles={{ label: { textTransform: 'none' } }}
        >
          {t('reviews.state.approved')}
        </Badge>
      ) : null}
    </Group>
  );
}
