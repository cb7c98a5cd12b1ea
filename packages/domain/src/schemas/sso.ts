import { z } from 'zod';

/**
 * GET auth/oidc: what the login page and the sign dialog need to know of single sign-on (decisions §26). Never the
 * client secret nor the issuer's internals: a display name, whether passwords stay, whether the caller is linked.
 */
export const ssoInfoAnswer = z.object({
  enabled: z.boolean(),
  display_name: z.string().nullable(),
  local_passwords: z.boolean(),
  linked: z.boolean(),
});
export type SsoInfoAnswer = z.infer<typeof ssoInfoAnswer>;

/** Starting a login or a re-authentication: the page to come back to (only a path of this app is kept). */
export const ssoStartQuery = z.object({ return_to: z.string().max(1000).optional() });

/** The provider's answer as it comes (code, state, iss, or error and its description). */
export const ssoCallbackQuery = z.record(z.string(), z.string().max(4000));

/** Why a single sign-on was refused, as the login page's `sso_error` names it. */
export const SSO_ERRORS = ['state', 'provider', 'token', 'unverified', 'reauth', 'conflict'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
