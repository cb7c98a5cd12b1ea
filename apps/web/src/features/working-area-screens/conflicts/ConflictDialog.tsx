import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/editor/RichTextView';
import { TagBadges } from '../../tags/TagBadges';
import { statusMeta } from '../../working-area/common/statusMeta';
import {
  conflictFields,
  conflictTags,
  type Conflict,
  type ConflictChoice,
  type ConflictField,
} from '../../working-area/conflicts/conflicts';

function FieldValue({ field, value }: { field: ConflictField; value: unknown }) {
  const { t } = useTranslation();
  if (field === 'description') {
    return typeof value === 'string' && value ? (
      <RichTextView html={value} />
    ) : (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('requirements.noDescription')}
      </Text>
    );
  }
  if (field === 'status') return <Text fz="sm">{t(statusMeta(Number(value)).key)}</Text>;
  if (field === 'tags') {
    const tags = conflictTags(value);
    return tags.length > 0 ? (
      <TagBadges tags={tags} />
    ) : (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('tags.noTags')}
      </Text>
    );
  }
  return (
    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {typeof value === 'string' || typeof value === 'number' ? value : ''}
    </Text>
  );
}

/** Both versions side by side, and the choice: keep mine (saved over theirs) or take theirs. */
export function ConflictDialog({
  conflict,
  onChoose,
}: {
  conflict: Conflict;
  onChoose: (choice: ConflictChoice) => void;
}) {
  const { t } = useTranslation();
  const fields = conflictFields(conflict);
  const label = conflict.theirs.reference ?? conflict.theirs.name;
  const name = typeof label === 'string' ? label : '';
  return (
    <Modal
      opened
      size="xl"
      centered
      zIndex={450}
      // Closing without choosing keeps what is saved: nothing is sent over someone else's change unasked.
      onClose={() => onChoose('theirs')}
      title={t('conflict.title')}
      closeButtonProps={{ 'aria-label': t('workingArea.closeDialog') }}
    >
      <Stack gap="md">
        <Text fz="sm">{t(`conflict.intro.${conflict.kind}`, { name })}</Text>
        {fields.length === 0 ? <Text fz="sm">{t('conflict.otherFields')}</Text> : null}
        {fields.map((field) => (
          <Stack key={field} gap={6} role="group" aria-label={t(`conflict.fields.${field}`)}>
            <Title order={3} fz="sm" fw={650}>
              {t(`conflict.fields.${field}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Paper withBorder p="sm" radius="sm" role="region" aria-label={t('conflict.mine')}>
                <Text fz="xs" fw={700} tt="uppercase" c="orange.9" mb={4}>
                  {t('conflict.mine')}
                </Text>
                <FieldValue field={field} value={conflict.mine[field]} />
              </Paper>
              <Paper withBorder p="sm" radius="sm" role="region" aria-label={t('conflict.theirs')}>
                <Text fz="xs" fw={700} tt="uppercase" c="blue.9" mb={4}>
                  {t('conflict.theirs')}
                </Text>
                <FieldValue field={field} value={conflict.theirs[field]} />
              </Paper>
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onChoose('theirs')}>
            {t('conflict.takeTheirs')}
          </Button>
          <Button onClick={() => onChoose('mine')} data-autofocus>
            {t('conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
