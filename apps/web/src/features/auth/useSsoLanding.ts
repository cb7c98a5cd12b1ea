import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { startSession } from '../../api/session';
import { refreshSession } from './authApi';

/**
 * Back from a login at the provider (`/login?sso_done=1&from=…`): the server set the session cookie, but this client
 * keeps its own copy of the session's expiry (the session clock) and would send the person back to login without one.
 * It takes the expiry from POST auth/refresh, then goes on to the page asked for. Answers whether that failed.
 */
export function useSsoLanding(landing: boolean, from: string | null): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!landing) return;
    let current = true;
    // Nothing cached for a previous user may show through to this one.
    queryClient.clear();
    refreshSession().then(
      async (answer) => {
        startSession(answer.expires_at);
        if (current) await navigate(from ?? '/dashboard', { replace: true });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [landing, from, navigate, queryClient]);
  return failed;
}
