import {
  ProviderBrowser as BrowserAt,
  startTestProvider as startProvider,
  type TestProvider as Started,
} from '@reqloom/oidc-test-provider';
import type { OidcConfig } from '../config';

// The server tests' view of the test provider (packages/oidc-test-provider): one app address that no request leaves
// for, and our client's settings as loadConfig would make them from the OIDC_* variables.

export { OTHER_CLIENT, type Person } from '@reqloom/oidc-test-provider';

export const APP_URL = 'http://reqloom.test';
export const REDIRECT_URI = `${APP_URL}/api/auth/oidc/callback`;

export type TestProvider = Started & {
  /** Our client's settings, as loadConfig would make them from OIDC_* variables. */
  config(overrides?: Partial<OidcConfig>): OidcConfig;
};

export async function startTestProvider(): Promise<TestProvider> {
  const started = await startProvider({ redirectUri: REDIRECT_URI });
  return {
    ...started,
    config: (overrides = {}) => ({
      issuer: started.issuer,
      clientId: started.client.client_id,
      clientSecret: started.client.client_secret,
      displayName: 'Test IdP',
      scopes: 'openid email profile',
      redirectUri: REDIRECT_URI,
      localPasswords: true,
      allowHttp: true,
      ...overrides,
    }),
  };
}

/** The provider's pages walked without a browser, back to APP_URL. */
export class ProviderBrowser extends BrowserAt {
  constructor(login: string) {
    super(APP_URL, login);
  }
}
