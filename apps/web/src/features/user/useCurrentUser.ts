import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { useSessionActive } from '../../api/useSessionActive';
import { fetchUser } from './userApi';

/** The logged-in user; not asked for without a session (it would only answer 401). */
export function useCurrentUser() {
  const active = useSessionActive();
  return useQuery({ queryKey: queryKeys.user, queryFn: fetchUser, enabled: active, staleTime: 5 * 60_000 });
}
