import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The due day, marked overdue (in words, not by colour alone) while the review is still open after it. */
export function DueDate({ due, open, format }: { due: string | null; open: boolean; format: (iso: string) => string }) {
  const { t } = useTranslation();
  if (!due)
    return (
      <Text fz="sm" c="dimmed">
        {t('reviews.noDue')}
      </Text>
    );
  const today = new Date().toISOString().slice(0, 10);
  const overdue = open && due < today;
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm">
        <time dateTime={due}>{format(`${due}T12:00:00Z`)}</time>
      </Text>
      {overdue ? (
        <Badge styles={{ label: { textTransform: 'none' } }} color="red" variant="light" size="xs" radius="sm">
          {t('reviews.overdue')}
        </Badge>
      ) : null}
    </Group>
  );
}
