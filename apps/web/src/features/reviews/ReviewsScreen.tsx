import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReviewPresented } from '@reqloom/domain';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import { usePageTitle } from '../../components/usePageTitle';
import { BaselinesPage } from '../baselines/BaselinesPage';
import { useFormatDay } from '../baselines/useFormatDay';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { DueDate } from './DueDate';
import { ParticipantsProgress } from './ParticipantsProgress';
import { ReviewStateBadges } from './ReviewStateBadges';
import { useReviewPaths } from './reviewPaths';
import { StartReviewDialog } from './StartReviewDialog';
import { useReviews } from './useReviews';

/**
 * The Reviews view of a project (decisions §23, route `reviews`): every review with its state, the progress of each
 * participant, its signatures and due date. Editors and above start one; every member reads them.
 */
export function ReviewsScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('reviews.pageTitle', { name: project.name }));
  const canStart = useCan('editor');
  const reviews = useReviews(project.id);
  const [starting, setStarting] = useState(false);

  if (reviews.error instanceof ApiError && reviews.error.status === 403) return <Navigate to="/forbidden" replace />;
  const list = reviews.data ?? [];
  return (
    <BaselinesPage>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={28} fw={650}>
            {t('reviews.title')}
          </Title>
          <Text c="dimmed">{t('reviews.subtitle', { name: project.name })}</Text>
        </Stack>
        {canStart ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setStarting(true)}>
            {t('reviews.start.action')}
          </Button>
        ) : null}
      </Group>
      {reviews.error ? <FormAlert message={errorMessage(reviews.error, t)} /> : null}
      {reviews.isPending ? (
        <Loader size="sm" aria-label={t('reviews.loading')} />
      ) : list.length === 0 ? (
        reviews.error ? null : (
          <Paper withBorder radius="md">
            <PanelEmptyState
              icon={<IconChecklist size={22} />}
              title={t('reviews.empty.title')}
              text={canStart ? t('reviews.empty.editor') : t('reviews.empty.reader')}
            />
          </Paper>
        )
      ) : (
        <ReviewsTable reviews={list} />
      )}
      {starting ? <StartReviewDialog onClose={() => setStarting(false)} /> : null}
    </BaselinesPage>
  );
}

function ReviewsTable({ reviews }: { reviews: ReviewPresented[] }) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const paths = useReviewPaths();
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" miw={960} aria-label={t('reviews.columns.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reviews.columns.title')}</Table.Th>
            <Table.Th>{t('reviews.columns.state')}</Table.Th>
            <Table.Th>{t('reviews.columns.progress')}</Table.Th>
            <Table.Th>{t('reviews.columns.due')}</Table.Th>
            <Table.Th>{t('reviews.columns.moderator')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reviews.map((review) => (
            <Table.Tr key={review.id}>
              <Table.Td maw={340}>
                <Group gap={6} wrap="nowrap" align="baseline">
                  <Anchor component={Link} to={paths.open(review.id)} fw={600}>
                    {review.title}
                  </Anchor>
                  {review.revision > 1 ? (
                    <Badge
                      styles={{ label: { textTransform: 'none' } }}
                      variant="outline"
                      color="gray"
                      size="xs"
                      radius="sm"
                    >
                      {t('reviews.revision', { number: review.revision })}
                    </Badge>
                  ) : null}
                </Group>
                {review.description ? (
                  <Text fz="sm" c="dimmed" lineClamp={2}>
                    {review.description}
                  </Text>
                ) : null}
                <Text fz="xs" c="dimmed">
                  {t('reviews.itemCount', { count: review.counts.items })}
                  {review.counts.feedback_open > 0
                    ? ` · ${t('reviews.openFeedback', { count: review.counts.feedback_open })}`
                    : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <ReviewStateBadges review={review} />
              </Table.Td>
              <Table.Td miw={260}>
                <ParticipantsProgress review={review} compact />
              </Table.Td>
              <Table.Td>
                <DueDate due={review.due_date} open={review.state === 'open'} format={formatDay} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{review.moderator?.name ?? t('reviews.unknownPerson')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
