import { useState } from 'react';
import { SSO_ERRORS, type SsoError } from '@reqloom/domain';
import { useLocation, useNavigate } from 'react-router';
import { ssoReauthHref } from '../auth/authApi';
import { useSsoInfo } from '../auth/useSsoInfo';

/** What a re-authentication at the provider is for: signing the review, or revoking one of one's signatures. */
export type ReauthPurpose = 'sign' | `revoke-${number}`;

const FOR = 'reauth_for';

/**
 * Whether the address is the way back from the provider for this purpose: `?reauth_for=…&reauth=ok`, or
 * `&reauth_error=<reason>` when the server refused the new sign-in (then the dialog says why).
 */
export function isBackFromReauth(search: string, purpose: ReauthPurpose): boolean {
  const params = new URLSearchParams(search);
  return params.get(FOR) === purpose && (params.get('reauth') === 'ok' || params.has('reauth_error'));
}

/** The server's reason for refusing the new sign-in, when it is one the login page knows how to explain. */
function refusalOf(search: string, purpose: ReauthPurpose): SsoError | null {
  const params = new URLSearchParams(search);
  const reason = params.get('reauth_error');
  return params.get(FOR) === purpose && SSO_ERRORS.includes(reason as SsoError) ? (reason as SsoError) : null;
}

/**
 * An account linked to single sign-on confirms who it is at the provider instead of typing its password, for a
 * signature and for its revocation alike (decisions §23 and §26): the page goes to the provider and comes back with
 * `?reauth_for=<purpose>&reauth=ok`, the server keeping a short-lived proof in a cookie that the next call consumes.
 * The purpose in the address keeps one proof from showing as done in the other dialog. A refused call spent the proof
 * (`spend`: the way to the provider is offered again); `clear` drops the purpose from the address once the dialog
 * closes.
 */
export function useProviderReauth(purpose: ReauthPurpose) {
  const sso = useSsoInfo();
  const location = useLocation();
  const navigate = useNavigate();
  const viaProvider = Boolean(sso?.enabled && sso.linked);
  const [spent, setSpent] = useState(false);
  const back = isBackFromReauth(location.search, purpose);
  const done = back && !spent && new URLSearchParams(location.search).get('reauth') === 'ok';
  return {
    viaProvider,
    /** The provider's name, as the server's settings give it. */
    name: sso?.display_name ?? '',
    done,
    /** Why the provider's new sign-in was refused (a stale or someone else's login, the provider's error). */
    refusal: refusalOf(location.search, purpose),
    href: ssoReauthHref(`${location.pathname}?${FOR}=${purpose}`),
    spend: () => setSpent(true),
    clear: () => {
      if (back) void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    },
  };
}
