import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface InlineConfirmationProps {
  warning: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question asked in place, under the control that raised it: what will happen, then confirm or cancel. */
export function InlineConfirmation({
  warning,
  confirmLabel,
  color = 'red',
  loading,
  onConfirm,
  onCancel,
}: InlineConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={confirmLabel}>
      <Text fz="sm">{warning}</Text>
      <Group gap="xs">
        <Button size="xs" color={color} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel} disabled={loading}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
