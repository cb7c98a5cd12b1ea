import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { REDIRECT_AFTER_SUCCESS_MS } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { queryKeys } from '../../api/queryKeys';
import { AuthCard } from '../../components/AuthCard';
import { errorMessage } from '../../components/errorMessage';
import { usePageTitle } from '../../components/usePageTitle';

interface JoinTexts {
  title: string;
  joining: string;
  /** Receives the name of what was joined. */
  joined: (name: string) => string;
  invalid: string;
}

interface JoinScreenProps {
  texts: JoinTexts;
  join: () => Promise<{ name: string }>;
}

type State = { step: 'joining' } | { step: 'joined'; name: string } | { step: 'failed'; message: string };

/** Joins through a shared link (spec 1 §2, §4): joining, then joined or not valid; the dashboard 2 s after joining. */
export function JoinScreen({ texts, join }: JoinScreenProps) {
  const { t } = useTranslation();
  usePageTitle(texts.title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'joining' });
  // Joining twice would do no harm, but the second run of a development StrictMode effect would flash a state.
  const started = useRef(false);
  const joinRef = useRef(join);
  const invalid = texts.invalid;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    joinRef.current().then(
      (joined) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
        void queryClient.invalidateQueries({ queryKey: queryKeys.userGroups });
        setState({ step: 'joined', name: joined.name });
      },
      (error: unknown) => {
        const refused = error instanceof ApiError && error.status === 422;
        setState({ step: 'failed', message: refused ? invalid : errorMessage(error, t) });
      },
    );
  }, [queryClient, invalid, t]);

  useEffect(() => {
    if (state.step !== 'joined') return;
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state.step, navigate]);

  return (
    <AuthCard title={texts.title}>
      {state.step === 'joining' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text fz="sm">{texts.joining}</Text>
        </Group>
      ) : null}
      {state.step === 'joined' ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          {texts.joined(state.name)}
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {state.message}
          </Alert>
          <Anchor component={Link} to="/dashboard" fz="sm">
            {t('join.backToDashboard')}
          </Anchor>
        </>
      ) : null}
    </AuthCard>
  );
}
