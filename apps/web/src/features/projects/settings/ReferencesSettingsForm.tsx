import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACRONYM_MAX_SIZE_BOUNDS, type ProjectPresented, type ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { useFollowRemoteValues } from './useFollowRemoteValues';
import { useSaveProjectSettings } from './useSaveProjectSettings';

const FIELDS = ['settings.acronymMaxSize', 'settings.autoAcronymIgnoreSmallWords'] as const;

interface ReferencesSettingsFormProps {
  project: ProjectPresented;
  settings: ProjectSettings;
}

interface Values {
  settings: { acronymMaxSize: number | string; autoAcronymIgnoreSmallWords: boolean };
}

/** How acronyms are made: their longest length (a spin button, 1–20) and whether small words count. */
export function ReferencesSettingsForm({ project, settings }: ReferencesSettingsFormProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const values: Values = {
    settings: {
      acronymMaxSize: settings.acronymMaxSize,
      autoAcronymIgnoreSmallWords: settings.autoAcronymIgnoreSmallWords,
    },
  };
  const form = useForm<Values>({ initialValues: values });
  useFollowRemoteValues(form, values, JSON.stringify(values));
  const save = useSaveProjectSettings(project);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        setAlert(null);
        const patch = {
          // An emptied box sends nothing rather than a value the server would refuse as a type error.
          acronymMaxSize: Number(submitted.settings.acronymMaxSize) || settings.acronymMaxSize,
          autoAcronymIgnoreSmallWords: submitted.settings.autoAcronymIgnoreSmallWords,
        };
        save.mutate(patch, {
          onSuccess: (saved) => {
            const next = {
              settings: {
                acronymMaxSize: saved.acronymMaxSize,
                autoAcronymIgnoreSmallWords: saved.autoAcronymIgnoreSmallWords,
              },
            };
            form.setInitialValues(next);
            form.setValues(next);
          },
          onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
        });
      })}
    >
      <Stack gap="md">
        <FormAlert title={t('project.settings.saveFailed')} message={alert} />
        <NumberInput
          label={t('project.settings.references.acronymMaxSize')}
          description={t('project.settings.references.acronymMaxSizeHint', {
            min: ACRONYM_MAX_SIZE_BOUNDS.min,
            max: ACRONYM_MAX_SIZE_BOUNDS.max,
          })}
          min={ACRONYM_MAX_SIZE_BOUNDS.min}
          max={ACRONYM_MAX_SIZE_BOUNDS.max}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          styles={{ wrapper: { width: 200 } }}
          // Mantine draws a text box with arrows (ArrowUp/Down step it): say to assistive technology what it is.
          role="spinbutton"
          aria-valuemin={ACRONYM_MAX_SIZE_BOUNDS.min}
          aria-valuemax={ACRONYM_MAX_SIZE_BOUNDS.max}
          aria-valuenow={Number(form.values.settings.acronymMaxSize) || undefined}
          {...form.getInputProps('settings.acronymMaxSize')}
        />
        <Switch
          label={t('project.settings.references.ignoreSmallWords')}
          description={t('project.settings.references.ignoreSmallWordsHint')}
          {...form.getInputProps('settings.autoAcronymIgnoreSmallWords', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('project.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
