import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { REVIEW_COMMENT_MAX, type ReviewDetailPresented } from '@reqloom/domain';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { notifyError } from '../../components/notify';
import { useProject } from '../projects/useProject';
import { useReviewActions } from './useReviews';

type Item = ReviewDetailPresented['items'][number];
type Verdict = Item['verdicts'][number];

/**
 * An approver's verdict on one requirement (decisions §23): approve or reject, with an optional comment; the chosen
 * one is pressed, and pressing it again withdraws it. The comment goes with the verdict it is typed for.
 */
export function VerdictControls({ review, item, mine }: { review: ReviewDetailPresented; item: Item; mine?: Verdict }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const actions = useReviewActions(project.id, review.id);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [sending, setSending] = useState<'approved' | 'rejected' | null>(null);
  const give = async (verdict: 'approved' | 'rejected') => {
    const withdraw = mine?.verdict === verdict;
    setSending(verdict);
    try {
      await actions.verdict.mutateAsync({
        requirement_id: item.id,
        verdict: withdraw ? null : verdict,
        ...(withdraw || comment.trim() === '' ? {} : { comment: comment.trim() }),
      });
    } catch (error) {
      notifyError(errorMessage(error, t), t('reviews.verdicts.failed', { reference: item.reference }));
    } finally {
      setSending(null);
    }
  };
  return (
    <Stack gap={6} role="group" aria-label={t('reviews.verdicts.mine', { reference: item.reference })}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          style={{ flex: 1, minWidth: 200 }}
          label={t('reviews.verdicts.commentLabel')}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Button
          size="xs"
          color="teal"
          variant={mine?.verdict === 'approved' ? 'filled' : 'light'}
          aria-pressed={mine?.verdict === 'approved'}
          leftSection={<IconThumbUp size={14} />}
          loading={sending === 'approved'}
          disabled={sending !== null}
          onClick={() => void give('approved')}
        >
          {t('reviews.verdicts.approve')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant={mine?.verdict === 'rejected' ? 'filled' : 'light'}
          aria-pressed={mine?.verdict === 'rejected'}
          leftSection={<IconThumbDown size={14} />}
          loading={sending === 'rejected'}
          disabled={sending !== null}
          onClick={() => void give('rejected')}
        >
          {t('reviews.verdicts.reject')}
        </Button>
      </Group>
    </Stack>
  );
}
