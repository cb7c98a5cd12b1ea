import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { REDIRECT_AFTER_SUCCESS_MS } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { startSession } from '../../api/session';
import { applyServerErrors } from '../../components/applyServerErrors';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { PasswordField } from '../../components/PasswordField';
import { usePageTitle } from '../../components/usePageTitle';
import { resetPassword } from './authApi';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '', password: '', password_confirmation: '' } });
  const mutation = useMutation({
    mutationFn: (values: typeof form.values) => resetPassword({ ...values, token }),
    onSuccess: (answer) => {
      // The server opens a session for whoever resets (decisions §3); without one the guard asks to log in.
      if (answer.expires_at) {
        queryClient.clear();
        startSession(answer.expires_at);
      }
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const footer = (
    <Anchor component={Link} to="/login" fz="sm" fw={500}>
      {t('auth.backToLogin')}
    </Anchor>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.heading')}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          {mutation.data.message || t('auth.reset.success')}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.heading')} subtitle={t('auth.reset.subtitle')} footer={footer}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md">
          <FormAlert title={t('auth.reset.mistake')} message={alert} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth.reset.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth.reset.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
