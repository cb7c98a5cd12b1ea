import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LeaveAnswer = 'stay' | 'discard' | 'save';

/** Asks what to do with unsaved text before leaving the page; closing the dialog means staying. */
export function LeaveDialog({ opened, onAnswer }: { opened: boolean; onAnswer: (answer: LeaveAnswer) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer('stay')}
      title={t('unsaved.leaveTitle')}
      centered
      zIndex={500}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Text fz="sm">{t('unsaved.leaveMessage')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer('stay')} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button variant="light" color="red" onClick={() => onAnswer('discard')}>
            {t('unsaved.discard')}
          </Button>
          <Button onClick={() => onAnswer('save')}>{t('unsaved.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
