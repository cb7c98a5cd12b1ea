import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReviewPresented } from '@reqloom/domain';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const NO_CAPS = { label: { textTransform: 'none' } } as const;

/**
 * The progress of each participant (decisions §23): an approver's verdicts out of the review's items, and whether
 * each participant's signature stands. `compact` is the list's cell; the review page shows it in full.
 */
export function ParticipantsProgress({ review, compact = false }: { review: ReviewPresented; compact?: boolean }) {
  const { t } = useTranslation();
  const items = review.counts.items;
  const signed = review.participants.filter((p) => p.signed).length;
  return (
    <Stack gap={compact ? 4 : 'sm'}>
      <Stack gap={compact ? 4 : 'sm'} role="list" aria-label={t('reviews.progress.label', { title: review.title })}>
        {review.participants.map((participant) => {
          const approver = participant.role === 'approver';
          const share = approver && items > 0 ? (participant.verdict_count / items) * 100 : 0;
          return (
            <Stack key={participant.user.id} gap={2} role="listitem" data-participant={participant.user.name}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Text fz="sm" fw={compact ? 400 : 600} truncate>
                    {participant.user.name}
                  </Text>
                  <Badge variant="outline" color={approver ? 'violet' : 'gray'} size="xs" radius="sm" styles={NO_CAPS}>
                    {t(`reviews.roles.${participant.role}`)}
                  </Badge>
                </Group>
                <Badge
                  variant={participant.signed ? 'light' : 'transparent'}
                  color={participant.signed ? 'teal' : 'gray'}
                  size="xs"
                  radius="sm"
                  style={{ flexShrink: 0 }}
                  leftSection={participant.signed ? <IconSignature size={11} aria-hidden /> : null}
                  styles={NO_CAPS}
                >
                  {participant.signed ? t('reviews.progress.signed') : t('reviews.progress.notSigned')}
                </Badge>
              </Group>
              {approver ? (
                <Group gap={8} wrap="nowrap">
                  <Progress
                    value={share}
                    size="sm"
                    color="violet"
                    style={{ flex: 1 }}
                    aria-label={t('reviews.progress.verdictsOf', { name: participant.user.name })}
                  />
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('reviews.progress.verdicts', { given: participant.verdict_count, items })}
                  </Text>
                </Group>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
      <Text fz="xs" c="dimmed">
        {t('reviews.progress.signatures', { count: signed, total: review.participants.length })}
      </Text>
    </Stack>
  );
}
