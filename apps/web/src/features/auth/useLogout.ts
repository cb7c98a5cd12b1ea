import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../api/session';
import { logout } from './authApi';

/** Logs out on the server, then here: the session ends, the cache is emptied (Providers), back to login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Locally the session ends whatever the server answered: the user asked to leave.
    }
    endSession('logout');
    await navigate('/login', { replace: true });
  }, [navigate]);
}
