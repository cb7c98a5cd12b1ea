import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StashedDraftAlertProps {
  onTake: () => void;
  onDrop: () => void;
  /** How the kept text reads (plain text). */
  preview: string;
}

/** Offers back what the person had typed when their session ended. */
export function StashedDraftAlert({ onTake, onDrop, preview }: StashedDraftAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('unsaved.draftTitle')} role="region" aria-label={t('unsaved.draftTitle')}>
      <Text fz="sm">{t('unsaved.draftOffered')}</Text>
      <Text fz="sm" mt={6} fs="italic" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
        {preview}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={onTake}>
          {t('unsaved.restoreDraft')}
        </Button>
        <Button size="xs" variant="default" onClick={onDrop}>
          {t('unsaved.discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
}
