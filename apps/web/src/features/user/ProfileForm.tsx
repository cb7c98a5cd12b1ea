import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { SettingsSection } from '../../components/SettingsSection';
import { updateUser } from './userApi';

const FIELDS = ['name', 'email'] as const;

interface ProfileFormProps {
  user: UserPresented;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: user.name, email: user.email } });
  const mutation = useMutation({
    mutationFn: updateUser,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.user, saved);
      form.setInitialValues({ name: saved.name, email: saved.email });
      form.setValues({ name: saved.name, email: saved.email });
      notifySuccess(t('user.profile.saved'));
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  return (
    <SettingsSection title={t('user.profile.title')} description={t('user.profile.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md" maw={520}>
          <FormAlert message={alert} />
          <TextInput label={t('user.profile.username')} value={user.username} readOnly variant="filled" />
          <TextInput label={t('user.profile.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label={t('user.profile.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              {t('user.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
