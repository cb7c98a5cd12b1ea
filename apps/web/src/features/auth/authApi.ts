import type {
  ConfirmAnswer,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SessionAnswer,
  SsoInfoAnswer,
} from '@reqloom/domain';
import { api } from '../../api/client';

interface MessageAnswer {
  message: string;
}

export const login = (body: LoginBody) => api.post<SessionAnswer>('auth/login', body);

export const logout = () => api.post<void>('auth/logout');

export const register = (body: RegisterBody) => api.post<MessageAnswer>('auth/register', body);

export const confirmAccount = (username: string, token: string) =>
  api.get<ConfirmAnswer>(`auth/confirm/${encodeURIComponent(username)}/${encodeURIComponent(token)}`);

export const forgotPassword = (email: string) => api.post<MessageAnswer>('auth/forgotpassword', { email });

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageAnswer & { expires_at?: string }>('auth/resetpassword', body);

export const ssoInfo = () => api.get<SsoInfoAnswer>('auth/oidc');

/** The browser goes there itself (a navigation, not a fetch): the server answers with the provider's address. */
export const ssoLoginHref = (returnTo: string | null) =>
  `/api/auth/oidc/login${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`;

/** A signature's re-authentication at the provider, back to `returnTo` with `?reauth=ok`. */
export const ssoReauthHref = (returnTo: string) => `/api/auth/oidc/reauth?return_to=${encodeURIComponent(returnTo)}`;

/** The session's expiry, slid from now: how a session opened elsewhere (by the provider's callback) starts here. */
export const refreshSession = () => api.post<SessionAnswer>('auth/refresh');
