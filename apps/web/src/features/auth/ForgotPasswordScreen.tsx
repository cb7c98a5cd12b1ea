import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors } from '../../components/applyServerErrors';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { usePageTitle } from '../../components/usePageTitle';
import { forgotPassword } from './authApi';

const FIELDS = ['email'] as const;

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: forgotPassword,
    // An unknown address answers 422 with a message and no field errors (spec 1 §8): it shows above the form.
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  const footer = (
    <Anchor component={Link} to="/login" fz="sm" fw={500}>
      {t('auth.backToLogin')}
    </Anchor>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('auth.forgot.heading')} footer={footer}>
        <Alert color="teal" variant="light" icon={<IconMailForward size={20} />} role="status">
          {mutation.data.message || t('auth.forgot.sent')}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.heading')} subtitle={t('auth.forgot.subtitle')} footer={footer}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values.email);
        })}
      >
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
