import { useState } from 'react';
import { Button, Code, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';

interface TypedSlugConfirmationProps {
  slug: string;
  /** What will happen, said once more next to the box. */
  warning: string;
  confirmLabel: string;
  color: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The second step of a transfer or a deletion (spec 1 §4): the project's slug must be typed exactly before the
 * confirm button wakes up; Cancel clears the box and closes it.
 */
export function TypedSlugConfirmation({
  slug,
  warning,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onCancel,
}: TypedSlugConfirmationProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Paper bg="gray.0" radius="md" p="md" withBorder>
      <Stack gap="sm">
        <Text fz="sm">{warning}</Text>
        <TextInput
          label={
            <Trans
              i18nKey="project.settings.advanced.typeSlug"
              values={{ slug }}
              components={{ code: <Code fz="sm" /> }}
            />
          }
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          autoFocus
          maw={420}
        />
        <Group gap="sm">
          <Button color={color} disabled={typed !== slug} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setTyped('');
              onCancel();
            }}
          >
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
