import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { REDIRECT_AFTER_SUCCESS_MS } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { startSession } from '../../api/session';
import { AuthCard } from '../../components/AuthCard';
import { errorMessage } from '../../components/errorMessage';
import { usePageTitle } from '../../components/usePageTitle';
import { confirmAccount } from './authApi';
import { safeFromPath } from './safeFromPath';

type State = { step: 'waiting' } | { step: 'confirmed' } | { step: 'failed'; message: string };

export function ConfirmScreen() {
  const { t } = useTranslation();
  usePageTitle(t('auth.confirm.title'));
  const { username = '', token = '' } = useParams();
  const navigate = useNavigate();
  // The page the newcomer registered from (a join link), carried by the mailed link.
  const [params] = useSearchParams();
  const next = safeFromPath(params.get('from'), window.location.origin) ?? '/dashboard';
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'waiting' });
  // A confirmation link works once: the second run of a development StrictMode effect must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmAccount(username, token).then(
      (answer) => {
        if (!answer.confirmed) {
          setState({ step: 'failed', message: t('auth.confirm.invalid') });
          return;
        }
        queryClient.clear();
        startSession(answer.expires_at);
        setState({ step: 'confirmed' });
      },
      (error: unknown) => {
        const invalid = error instanceof ApiError && error.status === 422;
        setState({ step: 'failed', message: invalid ? t('auth.confirm.invalid') : errorMessage(error, t) });
      },
    );
  }, [username, token, queryClient, t]);

  useEffect(() => {
    if (state.step !== 'confirmed') return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state.step, navigate, next]);

  return (
    <AuthCard title={t('auth.confirm.title')}>
      {state.step === 'waiting' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text fz="sm">{t('auth.confirm.confirming')}</Text>
        </Group>
      ) : null}
      {state.step === 'confirmed' ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          {t('auth.confirm.confirmed')}
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {state.message}
          </Alert>
          <Anchor component={Link} to="/login" fz="sm">
            {t('auth.backToLogin')}
          </Anchor>
        </>
      ) : null}
    </AuthCard>
  );
}
