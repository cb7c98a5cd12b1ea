import { Anchor, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { BaselinesPage } from '../baselines/BaselinesPage';
import { idParam } from '../baselines/baselinePaths';
import { useProject } from '../projects/useProject';
import { WorkingAreaDialogs } from '../working-area-screens/dialogs/WorkingAreaDialogs';
import { FeedbackThread } from './FeedbackThread';
import { ParticipantsProgress } from './ParticipantsProgress';
import { ReviewHeader } from './ReviewHeader';
import { ReviewItems } from './ReviewItems';
import { ReviewSignatures } from './ReviewSignatures';
import { RevisionDiff } from './RevisionDiff';
import { useReviewPaths } from './reviewPaths';
import { useReview } from './useReviews';
import { useReviewStanding } from './useReviewStanding';

/**
 * One review (decisions §23, route `reviews/:reviewId`): what it reviews (its baseline's requirements, read-only,
 * with each approver's verdicts and the feedback thread), the progress of each participant, the signatures, and the
 * moderator's close, republish and delete. Every member reads it; it follows the review's realtime events.
 */
export function ReviewScreen() {
  const { reviewId } = useParams();
  const id = idParam(reviewId);
  const paths = useReviewPaths();
  if (id === null) return <Navigate to={paths.list} replace />;
  return (
    // Its confirmations (close, republish, delete) are the working area's.
    <WorkingAreaDialogs>
      <OpenReview key={id} id={id} />
    </WorkingAreaDialogs>
  );
}

function OpenReview({ id }: { id: number }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const review = useReview(project.id, id);
  const paths = useReviewPaths();
  usePageTitle(review.data ? t('reviews.open.pageTitle', { title: review.data.title }) : t('reviews.title'));

  // Gone (deleted here or by another member): back to the list.
  if (review.error instanceof ApiError && review.error.status === 404) return <Navigate to={paths.list} replace />;
  if (review.error instanceof ApiError && review.error.status === 403) return <Navigate to="/forbidden" replace />;
  if (review.error && !review.data) return <FormAlert message={errorMessage(review.error, t)} />;
  if (!review.data) return <ScreenLoader />;
  return <ReviewPage review={review.data} />;
}

function ReviewPage({ review }: { review: NonNullable<ReturnType<typeof useReview>['data']> }) {
  const { t } = useTranslation();
  const paths = useReviewPaths();
  const standing = useReviewStanding(review);
  const general = review.feedback.filter((f) => f.requirement_id === null);
  return (
    <BaselinesPage>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.list} fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('reviews.open.back')}
          </Group>
        </Anchor>
        <ReviewHeader review={review} standing={standing} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              {review.earlier_baseline_ids.length > 0 ? <RevisionDiff review={review} /> : null}
              <ReviewItems review={review} standing={standing} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-participants">
                <Title order={2} fz="md" fw={650} mb="sm" id="review-participants">
                  {t('reviews.progress.title')}
                </Title>
                <ParticipantsProgress review={review} />
              </Paper>
              <ReviewSignatures review={review} standing={standing} />
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-general-feedback">
                <Title order={2} fz="md" fw={650} mb="sm" id="review-general-feedback">
                  {t('reviews.feedback.onReview')}
                </Title>
                <FeedbackThread review={review} standing={standing} feedback={general} requirement={null} />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </BaselinesPage>
  );
}
