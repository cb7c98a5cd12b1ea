import { useId } from 'react';
import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReviewDetailPresented, ReviewFeedbackPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../components/editor/RichTextView';
import { StatusBadge } from '../working-area/common/StatusBadge';
import { FeedbackThread } from './FeedbackThread';
import type { ReviewStanding } from './useReviewStanding';
import { VerdictControls } from './VerdictControls';

type Item = ReviewDetailPresented['items'][number];

/**
 * One reviewed requirement as the baseline kept it, read-only as in the document view (reference, name, status,
 * tags, description), with the approvers' verdicts, the caller's own verdict controls (an approver's) and its
 * feedback thread.
 */
export function ReviewItem({
  review,
  standing,
  item,
  feedback,
}: {
  review: ReviewDetailPresented;
  standing: ReviewStanding;
  item: Item;
  feedback: readonly ReviewFeedbackPresented[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const referenceId = useId();
  const approvers = review.participants.filter((p) => p.role === 'approver');
  const verdictOf = new Map(item.verdicts.map((v) => [v.user_id, v]));
  const mine = standing.me === undefined ? undefined : verdictOf.get(standing.me);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={`${referenceId} ${headingId}`}
      data-item={item.reference}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }} id={referenceId}>
            {item.reference}
          </Badge>
          <Text fw={600} id={headingId} style={{ flex: 1 }}>
            {item.name}
          </Text>
          <StatusBadge status={item.status} />
        </Group>
        {item.tags.length > 0 ? (
          <Group gap={4}>
            {item.tags.map((tag) => (
              <Badge
                styles={{ label: { textTransform: 'none' } }}
                key={tag.id}
                variant="outline"
                color="gray"
                size="xs"
                radius="sm"
              >
                {tag.title}
              </Badge>
            ))}
          </Group>
        ) : null}
        {item.description ? <RichTextView html={item.description} /> : null}
        {approvers.length > 0 ? (
          <Group gap={6} role="list" aria-label={t('reviews.verdicts.label', { reference: item.reference })}>
            {approvers.map((approver) => {
              const verdict = verdictOf.get(approver.user.id);
              return (
                <Badge
                  key={approver.user.id}
                  role="listitem"
                  variant={verdict ? 'light' : 'outline'}
                  color={verdict?.verdict === 'approved' ? 'teal' : verdict?.verdict === 'rejected' ? 'red' : 'gray'}
                  radius="sm"
                  styles={{ label: { textTransform: 'none', fontWeight: 500 } }}
                  title={verdict?.comment || undefined}
                >
                  {t('reviews.verdicts.of', {
                    name: approver.user.name,
                    verdict: verdict ? t(`reviews.verdicts.${verdict.verdict}`) : t('reviews.verdicts.none'),
                  })}
                </Badge>
              );
            })}
          </Group>
        ) : null}
        {item.verdicts.some((v) => v.comment) ? (
          <Stack gap={2}>
            {item.verdicts
              .filter((v) => v.comment)
              .map((v) => (
                <Text key={v.user_id} fz="xs" c="dimmed">
                  {t('reviews.verdicts.comment', {
                    name:
                      review.participants.find((p) => p.user.id === v.user_id)?.user.name ?? t('reviews.unknownPerson'),
                    comment: v.comment,
                  })}
                </Text>
              ))}
          </Stack>
        ) : null}
        {standing.canVerdict ? <VerdictControls review={review} item={item} mine={mine} /> : null}
        <Divider label={t('reviews.feedback.title')} labelPosition="left" />
        <FeedbackThread
          review={review}
          standing={standing}
          feedback={feedback}
          requirement={{ id: item.id, reference: item.reference }}
        />
      </Stack>
    </Paper>
  );
}
