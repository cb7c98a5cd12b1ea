import { useMemo, useState } from 'react';
import { Badge, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReviewDetailPresented, ReviewFeedbackPresented } from '@reqloom/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBaseline } from '../baselines/useBaselines';
import { useProject } from '../projects/useProject';
import { InfoAlert } from '../working-area/common/InfoAlert';
import { ReviewItem } from './ReviewItem';
import type { ReviewStanding } from './useReviewStanding';

/** Enough to read and judge at once; a 5,000-requirement review is read a page at a time. */
const PAGE_SIZE = 25;
const NO_FEEDBACK: readonly ReviewFeedbackPresented[] = [];

/**
 * The reviewed requirements (decisions §23): the baseline's, in reading order per document, as the server gives
 * them, each under its document's name; a filter by reference or name, a page at a time.
 */
export function ReviewItems({ review, standing }: { review: ReviewDetailPresented; standing: ReviewStanding }) {
  const { t } = useTranslation();
  const { project } = useProject();
  // The documents' names as the baseline kept them.
  const baseline = useBaseline(project.id, review.baseline_id);
  const names = useMemo(
    () => new Map((baseline.data?.documents ?? []).map((d) => [d.id, `${d.acronym} · ${d.name}`])),
    [baseline.data],
  );
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const byRequirement = useMemo(() => {
    const threads = new Map<number, ReviewFeedbackPresented[]>();
    for (const entry of review.feedback) {
      if (entry.requirement_id === null) continue;
      const list = threads.get(entry.requirement_id) ?? [];
      list.push(entry);
      threads.set(entry.requirement_id, list);
    }
    return threads;
  }, [review.feedback]);
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    if (!words) return review.items;
    return review.items.filter((item) => `${item.reference} ${item.name}`.toLowerCase().includes(words));
  }, [review.items, query]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Stack gap="md" component="section" aria-labelledby="review-items">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group gap="xs">
          <Title order={2} fz="lg" fw={650} id="review-items">
            {t('reviews.items.title')}
          </Title>
          <Badge variant="light" color="gray" radius="sm">
            {review.items.length}
          </Badge>
          <Text fz="sm" c="dimmed">
            {t('reviews.items.tally', { approved: review.counts.approved, rejected: review.counts.rejected })}
          </Text>
        </Group>
        <TextInput
          size="sm"
          w={260}
          leftSection={<IconSearch size={14} aria-hidden />}
          aria-label={t('reviews.items.filter')}
          placeholder={t('reviews.items.filter')}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {shown.length === 0 ? (
        <InfoAlert>{review.items.length === 0 ? t('reviews.items.empty') : t('reviews.items.noMatch')}</InfoAlert>
      ) : (
        slice.map((item, index) => {
          const previous = index === 0 ? undefined : slice[index - 1];
          const heading = previous?.document_id !== item.document_id;
          return (
            <Stack key={item.id} gap="xs">
              {heading ? (
                <Title order={3} fz="md" fw={600} c="dimmed" mt={index === 0 ? 0 : 'sm'}>
                  {names.get(item.document_id) ?? t('reviews.items.document')}
                </Title>
              ) : null}
              <ReviewItem
                review={review}
                standing={standing}
                item={item}
                feedback={byRequirement.get(item.id) ?? NO_FEEDBACK}
              />
            </Stack>
          );
        })
      )}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('reviews.items.previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('reviews.items.nextPage') }
                  : {}
            }
            getItemProps={(number) => ({ 'aria-label': t('reviews.items.page', { number }) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
