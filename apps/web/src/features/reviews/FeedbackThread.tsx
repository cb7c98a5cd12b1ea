import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import {
  FEEDBACK_KINDS,
  REVIEW_FEEDBACK_MAX,
  type FeedbackKind,
  type ReviewDetailPresented,
  type ReviewFeedbackPresented,
} from '@reqloom/domain';
import { IconCheck, IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError } from '../../components/notify';
import { useProject } from '../projects/useProject';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { useReviewActions } from './useReviews';
import type { ReviewStanding } from './useReviewStanding';

const KIND_COLOR: Record<FeedbackKind, string> = { comment: 'gray', question: 'blue', change: 'violet', issue: 'red' };

interface FeedbackThreadProps {
  review: ReviewDetailPresented;
  standing: ReviewStanding;
  feedback: readonly ReviewFeedbackPresented[];
  /** The requirement the thread hangs on; null for the review as a whole. */
  requirement: { id: number; reference: string } | null;
}

/**
 * The feedback on a requirement or on the whole review (decisions §23), oldest first: its kind (comment, question,
 * proposed change, issue), author and time; the moderator or its author marks it resolved or opens it again. The
 * moderator and the participants add to it while the review is open.
 */
export function FeedbackThread({ review, standing, feedback, requirement }: FeedbackThreadProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const about = requirement?.reference ?? review.title;
  return (
    <Stack gap="xs">
      {feedback.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('reviews.feedback.none')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('reviews.feedback.listLabel', { about })}>
          {feedback.map((entry) => (
            <FeedbackEntry key={entry.id} review={review} standing={standing} entry={entry} />
          ))}
        </Stack>
      )}
      {standing.canFeedback ? (
        adding ? (
          <FeedbackForm review={review} requirement={requirement} onDone={() => setAdding(false)} />
        ) : (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconMessagePlus size={14} />}
              onClick={() => setAdding(true)}
            >
              {t('reviews.feedback.add')}
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}

function FeedbackEntry({
  review,
  standing,
  entry,
}: {
  review: ReviewDetailPresented;
  standing: ReviewStanding;
  entry: ReviewFeedbackPresented;
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  const formatDate = useFormatDateTime();
  const actions = useReviewActions(project.id, review.id);
  const earlier = entry.baseline_id !== review.baseline_id;
  const toggle = async () => {
    try {
      await actions.resolve.mutateAsync({ feedbackId: entry.id, resolved: !entry.resolved });
    } catch (error) {
      notifyError(errorMessage(error, t), t('reviews.feedback.resolveFailed'));
    }
  };
  return (
    <Stack
      gap={4}
      role="listitem"
      data-feedback-kind={entry.kind}
      data-resolved={entry.resolved}
      p="xs"
      style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="wrap">
          <Badge
            styles={{ label: { textTransform: 'none' } }}
            color={KIND_COLOR[entry.kind]}
            variant="light"
            size="xs"
            radius="sm"
          >
            {t(`reviews.feedback.kinds.${entry.kind}`)}
          </Badge>
          <Text fz="xs" fw={600}>
            {entry.author?.name ?? t('reviews.unknownPerson')}
          </Text>
          <Text fz="xs" c="dimmed">
            <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
            {earlier ? ` · ${t('reviews.feedback.earlierRevision')}` : ''}
          </Text>
          {entry.resolved ? (
            <Badge
              styles={{ label: { textTransform: 'none' } }}
              color="teal"
              variant="outline"
              size="xs"
              radius="sm"
              leftSection={<IconCheck size={10} />}
            >
              {t('reviews.feedback.resolved')}
            </Badge>
          ) : null}
        </Group>
        {standing.canResolve(entry.author?.id) ? (
          <Button size="compact-xs" variant="subtle" loading={actions.resolve.isPending} onClick={() => void toggle()}>
            {entry.resolved ? t('reviews.feedback.reopen') : t('reviews.feedback.resolve')}
          </Button>
        ) : null}
      </Group>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {entry.content}
      </Text>
    </Stack>
  );
}

function FeedbackForm({
  review,
  requirement,
  onDone,
}: {
  review: ReviewDetailPresented;
  requirement: { id: number; reference: string } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  const actions = useReviewActions(project.id, review.id);
  const [kind, setKind] = useState<FeedbackKind>('comment');
  const [content, setContent] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const send = async () => {
    setAlert(null);
    try {
      await actions.feedback.mutateAsync({
        kind,
        content: content.trim(),
        ...(requirement ? { requirement_id: requirement.id } : {}),
      });
      setContent('');
      onDone();
    } catch (error) {
      setAlert(errorMessage(error, t));
    }
  };
  return (
    <Stack gap="xs">
      <FormAlert message={alert} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          size="xs"
          w={180}
          label={t('reviews.feedback.kind')}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as FeedbackKind)}
          data={FEEDBACK_KINDS.map((value) => ({ value, label: t(`reviews.feedback.kinds.${value}`) }))}
        />
      </Group>
      <Textarea
        label={t('reviews.feedback.content')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={REVIEW_FEEDBACK_MAX}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onDone}>
          {t('workingArea.cancel')}
        </Button>
        <Button
          size="xs"
          disabled={content.trim() === ''}
          loading={actions.feedback.isPending}
          onClick={() => void send()}
        >
          {t('reviews.feedback.send')}
        </Button>
      </Group>
    </Stack>
  );
}
