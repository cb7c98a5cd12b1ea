import { useState, type ReactNode } from 'react';
import { Checkbox, Group, Kbd, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cycleCase, type CaseMode } from '../logic/nameCase';

interface NameInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** The auto-name box (spec 2 §4), when auto-naming applies. */
  autoName?: { checked: boolean; onChange: (checked: boolean) => void };
  autoFocus?: boolean;
}

/** The name field of the dialogs: Shift+F3 cycles the case (upper, lower, sentence, title). */
export function NameInput({ label, value, onChange, error, autoName, autoFocus }: NameInputProps) {
  const { t } = useTranslation();
  const [lastCase, setLastCase] = useState<CaseMode | null>(null);
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        required
        value={value}
        error={error}
        data-autofocus={autoFocus || undefined}
        description={
          <Group gap={4} component="span">
            <Kbd size="xs">Shift</Kbd>+<Kbd size="xs">F3</Kbd>
            <Text span fz="xs" c="dimmed">
              {t('workingArea.caseHint')}
            </Text>
          </Group>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        onChange={(event) => {
          setLastCase(null);
          onChange(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'F3' && event.shiftKey) {
            event.preventDefault();
            const next = cycleCase(value, lastCase);
            setLastCase(next.mode);
            onChange(next.text);
          }
        }}
      />
      {autoName ? (
        <Checkbox
          size="xs"
          label={t('requirements.autoName')}
          description={t('requirements.autoNameHint')}
          checked={autoName.checked}
          onChange={(event) => autoName.onChange(event.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  );
}
