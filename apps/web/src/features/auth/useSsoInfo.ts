import { useQuery } from '@tanstack/react-query';
import { ssoInfo } from './authApi';

/**
 * What the server says of single sign-on (GET auth/oidc): whether it is configured, its display name, and whether the
 * signed-in account is linked (then it signs reviews through the provider). Changes only with the server's settings.
 */
export function useSsoInfo() {
  return useQuery({ queryKey: ['sso-info'], queryFn: ssoInfo, staleTime: 5 * 60_000 }).data;
}
