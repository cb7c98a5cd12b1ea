import { useState } from 'react';
import { Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewDetailPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { ComparisonResult } from '../baselines/ComparisonResult';
import { useComparison } from '../baselines/useBaselines';
import { useProject } from '../projects/useProject';

/**
 * A republished review (decisions §23): what changed between an earlier revision's baseline (the latest by default)
 * and the current one, with the baselines' own comparison. The earlier verdicts stay with the earlier baseline.
 */
export function RevisionDiff({ review }: { review: ReviewDetailPresented }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const earlier = review.earlier_baseline_ids;
  const [from, setFrom] = useState<number>(earlier[earlier.length - 1] ?? review.baseline_id);
  const comparison = useComparison(project.id, from, review.baseline_id, null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-revision-diff">
      <Stack gap="md">
        <Title order={2} fz="lg" fw={650} id="review-revision-diff">
          {t('reviews.diff.title', { revision: review.revision })}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('reviews.diff.hint')}
        </Text>
        {earlier.length > 1 ? (
          <NativeSelect
            w={260}
            label={t('reviews.diff.from')}
            value={String(from)}
            onChange={(event) => setFrom(Number(event.currentTarget.value))}
            // Oldest first: revision 1 is the first earlier baseline.
            data={earlier.map((id, index) => ({
              value: String(id),
              label: t('reviews.revision', { number: index + 1 }),
            }))}
          />
        ) : null}
        {comparison.error ? (
          <FormAlert message={errorMessage(comparison.error, t)} />
        ) : comparison.isPending ? (
          <Loader size="sm" aria-label={t('reviews.diff.loading')} />
        ) : (
          <ComparisonResult comparison={comparison.data} />
        )}
      </Stack>
    </Paper>
  );
}
