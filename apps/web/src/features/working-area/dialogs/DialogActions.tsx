import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  onCancel: () => void;
  saveLabel: string;
  /** Save stays disabled until something is modified (spec 2 §4). */
  canSave: boolean;
  saving: boolean;
}

/** Cancel and save, at the foot of every dialog; save submits the dialog's form. */
export function DialogActions({ onCancel, saveLabel, canSave, saving }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('workingArea.cancel')}
      </Button>
      <Button type="submit" disabled={!canSave} loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
