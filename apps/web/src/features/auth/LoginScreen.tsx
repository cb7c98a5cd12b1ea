import { useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, TextInput } from '@mantine/core';
import { SSO_ERRORS, type SsoError } from '@reqloom/domain';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { startSession } from '../../api/session';
import { applyServerErrors } from '../../components/applyServerErrors';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { PasswordField } from '../../components/PasswordField';
import { usePageTitle } from '../../components/usePageTitle';
import { login, ssoLoginHref } from './authApi';
import { useSsoInfo } from './useSsoInfo';
import { useSsoLanding } from './useSsoLanding';
import { safeFromPath } from './safeFromPath';

const FIELDS = ['email', 'password'] as const;

export function LoginScreen() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Someone sent to login from a join link who has no account yet registers and comes back to the same page.
  const from = safeFromPath(params.get('from'), window.location.origin);
  const registerPath = from ? `/register?from=${encodeURIComponent(from)}` : '/register';
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<LoginBody>({ initialValues: { email: '', password: '' } });
  const sso = useSsoInfo();
  const ssoName = sso?.display_name ?? '';
  // The server sends the browser back here when single sign-on was refused, or when a password must link an account.
  const ssoError = params.get('sso_error');
  const ssoErrorKey = SSO_ERRORS.includes(ssoError as SsoError) ? (ssoError as SsoError) : null;
  const ssoLink = params.get('sso_link') === '1';
  const ssoLanding = params.get('sso_done') === '1';
  const landingFailed = useSsoLanding(ssoLanding, from);

  const mutation = useMutation({
    mutationFn: (values: LoginBody) => {
      // Nothing cached for a previous user may show through to this one.
      queryClient.clear();
      return login(values);
    },
    onSuccess: async (answer) => {
      startSession(answer.expires_at);
      await navigate(from ?? '/dashboard', { replace: true });
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  if (ssoLanding && !landingFailed)
    return (
      <Center mih="60vh">
        <Loader aria-label={t('auth.sso.landing', { name: ssoName })} />
      </Center>
    );

  return (
    <AuthCard
      title={t('auth.login.heading')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={registerPath} fz="sm" fw={500}>
            {t('auth.login.register')}
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md">
          {ssoErrorKey || landingFailed ? (
            <Alert color="red" variant="light" role="alert">
              {t(`auth.sso.errors.${ssoErrorKey ?? 'state'}`)}
            </Alert>
          ) : null}
          {ssoLink ? (
            <Alert color="blue" variant="light" role="status">
              {t('auth.sso.linkNeeded', { name: ssoName })}
            </Alert>
          ) : null}
          {sso?.enabled && !ssoLink ? (
            <>
              <Button component="a" href={ssoLoginHref(from)} variant="default" fullWidth>
                {t('auth.sso.signIn', { name: ssoName })}
              </Button>
              <Divider label={t('auth.sso.or')} labelPosition="center" />
            </>
          ) : null}
          <FormAlert message={alert} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forgotpassword" fz="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
