import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReviewDetailPresented } from '@reqloom/domain';
import { IconFileTypeDocx, IconLock, IconRefresh, IconSignature, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../components/errorMessage';
import { notifyError, notifySuccess } from '../../components/notify';
import { useBaselinePaths } from '../baselines/baselinePaths';
import { useFormatDay } from '../baselines/useFormatDay';
import { useProject } from '../projects/useProject';
import { InfoAlert } from '../working-area/common/InfoAlert';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { DueDate } from './DueDate';
import { downloadReview } from './reviewsApi';
import { useReviewPaths } from './reviewPaths';
import { ReviewStateBadges } from './ReviewStateBadges';
import { SignDialog } from './SignDialog';
import { isBackFromReauth } from './useProviderReauth';
import { useReviewActions } from './useReviews';
import type { ReviewStanding } from './useReviewStanding';

/**
 * The review's title, state and facts, with what the caller may do: sign (a participant), export to Word (anyone),
 * close and republish (the moderator), delete (the moderator or a maintainer, while nothing is signed).
 */
export function ReviewHeader({ review, standing }: { review: ReviewDetailPresented; standing: ReviewStanding }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const formatDay = useFormatDay();
  const baselines = useBaselinePaths();
  const paths = useReviewPaths();
  const navigate = useNavigate();
  const dialogs = useWorkingAreaDialogs();
  const actions = useReviewActions(project.id, review.id);
  // Back from a re-authentication at the provider for a signature, the sign dialog is open again; closing it takes
  // the purpose out of the address.
  const location = useLocation();
  const [chosen, setSigning] = useState(false);
  const signing = chosen || (standing.canSign && isBackFromReauth(location.search, 'sign'));
  const [exporting, setExporting] = useState(false);

  const exportWord = async () => {
    setExporting(true);
    try {
      await downloadReview(review.id);
    } catch (error) {
      notifyError(errorMessage(error, t), t('reviews.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  /** Asks, then runs one of the moderator's actions and says how it went. */
  const moderate = async (kind: 'close' | 'republish' | 'delete') => {
    const yes = await dialogs.confirm({
      title: t(`reviews.${kind}.title`),
      message: t(`reviews.${kind}.confirm`, { title: review.title }),
      confirmLabel: t(`reviews.${kind}.confirmAction`),
      danger: kind === 'delete',
    });
    if (!yes) return;
    try {
      if (kind === 'close') await actions.close.mutateAsync();
      else if (kind === 'republish') await actions.republish.mutateAsync();
      else {
        await actions.remove.mutateAsync();
        void navigate(paths.list);
      }
      notifySuccess(t(`reviews.${kind}.done`, { title: review.title }));
    } catch (error) {
      notifyError(errorMessage(error, t), t(`reviews.${kind}.failed`, { title: review.title }));
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1} fz={28} fw={650}>
              {review.title}
            </Title>
            <ReviewStateBadges review={review} />
            {review.revision > 1 ? (
              <Badge styles={{ label: { textTransform: 'none' } }} variant="outline" color="gray" radius="sm">
                {t('reviews.revision', { number: review.revision })}
              </Badge>
            ) : null}
          </Group>
          <Group gap="md" fz="sm" c="dimmed">
            <Text fz="sm" c="dimmed">
              {t('reviews.open.moderatedBy', { name: review.moderator?.name ?? t('reviews.unknownPerson') })}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('reviews.open.started', { date: formatDay(review.created_at) })}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text fz="sm" c="dimmed">
                {t('reviews.open.due')}
              </Text>
              <DueDate due={review.due_date} open={standing.open} format={formatDay} />
            </Group>
            <Anchor component={Link} to={baselines.open(review.baseline_id)} fz="sm">
              {t('reviews.open.baseline')}
            </Anchor>
          </Group>
          {review.description ? (
            <Text fz="sm" maw={760} style={{ whiteSpace: 'pre-wrap' }}>
              {review.description}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm">
          {standing.canSign ? (
            <Button leftSection={<IconSignature size={16} />} onClick={() => setSigning(true)}>
              {t('reviews.sign.action')}
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconFileTypeDocx size={16} />}
            loading={exporting}
            onClick={() => void exportWord()}
          >
            {t('reviews.export.action')}
          </Button>
          {standing.canModerate ? (
            <>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={actions.republish.isPending}
                onClick={() => void moderate('republish')}
              >
                {t('reviews.republish.action')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconLock size={16} />}
                loading={actions.close.isPending}
                onClick={() => void moderate('close')}
              >
                {t('reviews.close.action')}
              </Button>
            </>
          ) : null}
          {standing.canDelete ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={actions.remove.isPending}
              onClick={() => void moderate('delete')}
            >
              {t('reviews.delete.action')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {review.approved ? <InfoAlert color="teal">{t('reviews.open.approvedNotice')}</InfoAlert> : null}
      {review.state === 'closed' ? (
        <InfoAlert color="gray">
          {t('reviews.open.closedNotice', { date: review.closed_at ? formatDay(review.closed_at) : '' })}
        </InfoAlert>
      ) : null}
      {signing ? <SignDialog review={review} onClose={() => setSigning(false)} /> : null}
    </Stack>
  );
}
