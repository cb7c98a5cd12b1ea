import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onAnswer: (confirmed: boolean) => void;
  /** Above another dialog (dropping a dialog's modifications). */
  zIndex?: number;
}

/** A yes-or-no question; cancel, Escape and a click outside answer no (spec 2 §8: cancel does nothing). */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, onAnswer, zIndex }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(false)}
      title={title}
      centered
      size="sm"
      zIndex={zIndex}
      closeButtonProps={{ 'aria-label': t('workingArea.closeDialog') }}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text fz="sm">{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {t('workingArea.no')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={() => onAnswer(true)} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
