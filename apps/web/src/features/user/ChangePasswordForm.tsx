import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { SettingsSection } from '../../components/SettingsSection';
import { changePassword } from './userApi';

const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset();
      notifySuccess(t('user.password.changed'));
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  return (
    <SettingsSection title={t('user.password.heading')} description={t('user.password.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md" maw={520}>
          <FormAlert message={alert} />
          <PasswordField
            label={t('user.password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            label={t('user.password.new')}
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            label={t('user.password.confirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password_confirmation')}
          />
          <Group>
            <Button type="submit" variant="default" loading={mutation.isPending}>
              {t('user.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
