import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';

// One discovery per issuer and process, shared by every request; a failed discovery is forgotten so that the next
// request tries again (the provider may have been down when the server started).
const discovered = new Map<string, Promise<oidc.Configuration>>();

/** The provider's metadata and this client, from `${issuer}/.well-known/openid-configuration`. */
export function providerConfiguration(config: OidcConfig): Promise<oidc.Configuration> {
  const key = `${config.issuer}|${config.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        // HTTP Basic is what Keycloak, Entra ID, Google and Authentik accept by default for a confidential client.
        oidc.ClientSecretBasic(config.clientSecret),
        config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered.delete(key);
        throw error;
      });
    discovered.set(key, found);
  }
  return found;
}
