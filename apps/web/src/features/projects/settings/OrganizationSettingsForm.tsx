import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { useFollowRemoteValues } from './useFollowRemoteValues';
import { useSaveProjectSettings } from './useSaveProjectSettings';

// Named like the server's error keys (settings.<name>, decisions §10), so that errors land under their inputs.
const FIELDS = ['settings.organizationName'] as const;

interface OrganizationSettingsFormProps {
  project: ProjectPresented;
  settings: ProjectSettings;
}

export function OrganizationSettingsForm({ project, settings }: OrganizationSettingsFormProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const values = { settings: { organizationName: settings.organizationName } };
  const form = useForm({ initialValues: values });
  useFollowRemoteValues(form, values, settings.organizationName);
  const save = useSaveProjectSettings(project);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        setAlert(null);
        save.mutate(submitted.settings, {
          onSuccess: (saved) => {
            form.setInitialValues({ settings: { organizationName: saved.organizationName } });
            form.setValues({ settings: { organizationName: saved.organizationName } });
          },
          onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
        });
      })}
    >
      <Stack gap="md">
        <FormAlert title={t('project.settings.saveFailed')} message={alert} />
        <TextInput
          label={t('project.settings.organization.name')}
          description={t('project.settings.organization.nameHint')}
          maw={520}
          {...form.getInputProps('settings.organizationName')}
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
