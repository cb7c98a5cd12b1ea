import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconMailCheck } from '@tabler/icons-react';
import type { RegisterBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../components/applyServerErrors';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { PasswordField } from '../../components/PasswordField';
import { usePageTitle } from '../../components/usePageTitle';
import { register } from './authApi';
import { safeFromPath } from './safeFromPath';

const FIELDS = ['name', 'username', 'email', 'password', 'password_confirmation'] as const;

export function RegisterScreen() {
  const { t } = useTranslation();
  usePageTitle(t('auth.register.title'));
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RegisterBody>({
    initialValues: { name: '', username: '', email: '', password: '', password_confirmation: '' },
  });
  // The page that sent the newcomer here (a join link): the confirmation mail brings them back to it.
  const [params] = useSearchParams();
  const from = safeFromPath(params.get('from'), window.location.origin);
  const mutation = useMutation({
    mutationFn: (body: RegisterBody) => register(from ? { ...body, from } : body),
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  const footer = (
    <>
      {t('auth.register.haveAccount')}{' '}
      <Anchor component={Link} to={from ? `/login?from=${encodeURIComponent(from)}` : '/login'} fz="sm" fw={500}>
        {t('auth.register.login')}
      </Anchor>
    </>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('auth.register.heading')} footer={footer}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} />} role="status">
          <Stack gap={6}>
            <Text fz="sm" fw={600}>
              {t('auth.register.registered')}
            </Text>
            <Text fz="sm">{t('auth.register.checkMail')}</Text>
          </Stack>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.register.heading')} subtitle={t('auth.register.subtitle')} footer={footer}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput
            label={t('auth.register.name')}
            autoComplete="name"
            required
            autoFocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('auth.register.username')}
            description={t('auth.register.usernameHint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth.password')}
            description={t('auth.register.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending} mt="xs">
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
