import { useState } from 'react';
import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import { RichTextInput } from '../../../components/RichTextInput';
import { applyProjectEvent } from '../applyProjectEvent';
import { updateProject } from '../projectsApi';
import { useFollowRemoteValues } from './useFollowRemoteValues';

const FIELDS = ['name', 'acronym', 'description'] as const;

interface GeneralSettingsFormProps {
  project: ProjectPresented;
  settings: ProjectSettings;
}

/** Name (9/12), acronym (3/12) and description (spec 1 §2), errors under each. */
export function GeneralSettingsForm({ project, settings }: GeneralSettingsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const values = { name: project.name, acronym: project.acronym, description: project.description };
  const form = useForm({ initialValues: values });
  useFollowRemoteValues(form, values, JSON.stringify(values));
  const mutation = useMutation({
    mutationFn: (body: typeof values) => updateProject(project.id, body),
    onSuccess: (saved) => {
      applyProjectEvent(queryClient, { name: 'ProjectUpdated', payload: { project: saved } });
      const savedValues = { name: saved.name, acronym: saved.acronym, description: saved.description };
      form.setInitialValues(savedValues);
      form.setValues(savedValues);
      notifySuccess(t('project.settings.general.saved'));
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        setAlert(null);
        mutation.mutate(submitted);
      })}
    >
      <Stack gap="md">
        <FormAlert message={alert} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput label={t('projects.fields.name')} required {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              label={t('projects.fields.acronym')}
              required
              maxLength={settings.acronymMaxSize}
              autoCapitalize="characters"
              spellCheck={false}
              {...form.getInputProps('acronym')}
              onChange={(event) => form.setFieldValue('acronym', event.currentTarget.value.toUpperCase())}
            />
          </Grid.Col>
        </Grid>
        <RichTextInput
          label={t('projects.fields.description')}
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            {t('project.settings.general.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
