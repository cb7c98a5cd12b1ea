import * as oidc from 'openid-client';
import type { Language, SsoError } from '@reqloom/domain';
import type { OidcConfig } from '../../config';
import { openSession } from '../../core/identity';
import type { Db } from '../../db/client';
import { createSsoUser, isLinked, linkIdentity, userByEmail, userByIdentity } from './sso.accounts';
import { providerConfiguration } from './sso.client';
import { consumeFlow, createFlow } from './sso.flows';

/** A signature's re-authentication must be this fresh at the provider (decisions §26). */
export const REAUTH_MAX_AGE_S = 5 * 60;
/** The provider's clock and ours may differ by this much. */
const CLOCK_SKEW_S = 60;

/** Where the browser goes next, and what it carries: a session, a pending link or a re-auth proof. */
export type CallbackOutcome =
  | { kind: 'session'; session: { token: string; expiresAt: Date }; returnTo: string }
  | { kind: 'link'; linkToken: string }
  | { kind: 'proof'; proofToken: string; returnTo: string }
  | { kind: 'refused'; reason: SsoError; detail?: string; reauthReturnTo?: string };

/** What a failed check was, in the words of openid-client and the library below it (their messages, not causes). */
function failedCheck(error: unknown): string {
  const messages: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 2; e = e.cause, depth += 1) messages.push(e.message);
  return messages.join(': ').slice(0, 300) || 'failed';
}

/** Starts a login (no user) or a signature's re-authentication (the signer): the provider's URL and the state. */
export async function startFlow(
  db: Db,
  config: OidcConfig,
  purpose: { kind: 'login' } | { kind: 'reauth'; userId: number },
  returnTo: string,
): Promise<{ url: string; state: string }> {
  const configuration = await providerConfiguration(config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  await createFlow(
    db,
    purpose.kind,
    { nonce, codeVerifier, returnTo, userId: purpose.kind === 'reauth' ? purpose.userId : null },
    state,
  );
  const parameters: Record<string, string> = {
    redirect_uri: config.redirectUri,
    scope: config.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  // A signature asks the person to prove again who they are, whatever session the provider holds.
  if (purpose.kind === 'reauth') Object.assign(parameters, { prompt: 'login', max_age: '0' });
  return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, state };
}

type Claims = { sub: string; email?: unknown; email_verified?: unknown; auth_time?: unknown; [k: string]: unknown };

/**
 * The provider's answer. The state must be the one this browser started (its cookie) and still unused; openid-client
 * checks the rest: the code's exchange with the PKCE verifier, the ID token's signature, issuer, audience (this
 * client), expiry and nonce. Any failure is a refusal, never a session.
 */
export async function finishFlow(
  db: Db,
  config: OidcConfig,
  query: Record<string, string | undefined>,
  browserState: string | undefined,
  lang: Language,
): Promise<CallbackOutcome> {
  const state = query.state;
  if (!state || !browserState || state !== browserState) return { kind: 'refused', reason: 'state' };
  const flow = await consumeFlow(db, ['login', 'reauth'], state);
  if (!flow || !flow.nonce || !flow.codeVerifier) return { kind: 'refused', reason: 'state' };
  // A refused re-authentication goes back to the page that asked for it (the person is still logged in there).
  const refused = (reason: SsoError, detail?: string): CallbackOutcome => ({
    kind: 'refused',
    reason,
    detail,
    ...(flow.kind === 'reauth' ? { reauthReturnTo: flow.returnTo ?? '/' } : {}),
  });
  if (query.error || !query.code) return refused('provider', query.error?.slice(0, 100));

  let claims: Claims;
  try {
    const configuration = await providerConfiguration(config);
    // The URL the provider sent the browser to, rebuilt on the configured redirect URI (never the request's Host).
    const current = new URL(config.redirectUri);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(key, value);
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return refused('token');
    claims = { ...idClaims };
    // Some providers keep the e-mail for the userinfo endpoint; the subject must be the ID token's.
    if (claims.email === undefined && tokens.access_token) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    }
  } catch (error) {
    // The library's message names the check that failed (nonce, exp, aud…) and quotes no token; its `cause` may, and
    // stays out of the log.
    return refused('token', failedCheck(error));
  }

  if (flow.kind === 'reauth') {
    const user = await userByIdentity(db, config.issuer, claims.sub);
    if (!user || user.id !== flow.userId) return refused('reauth');
    const now = Math.floor(Date.now() / 1000);
    const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : undefined;
    if (authTime === undefined || authTime > now + CLOCK_SKEW_S || now - authTime > REAUTH_MAX_AGE_S)
      return refused('reauth');
    const proofToken = await createFlow(db, 'proof', { userId: user.id });
    return { kind: 'proof', proofToken, returnTo: flow.returnTo ?? '/' };
  }

  const returnTo = flow.returnTo ?? '/';
  const known = await userByIdentity(db, config.issuer, claims.sub);
  if (known) return { kind: 'session', session: await openSession(db, known.id), returnTo };

  // A new identity: only an address the provider verified names an account (Google Workspace, Entra ID and
  // Keycloak say so in email_verified).
  if (typeof claims.email !== 'string' || claims.email_verified !== true)
    return { kind: 'refused', reason: 'unverified' };
  const existing = await userByEmail(db, claims.email);
  if (existing) {
    // That account was linked to another identity of this provider: the provider, not us, must sort that out.
    if (await isLinked(db, existing.id, config.issuer)) return { kind: 'refused', reason: 'conflict' };
    // Its owner proves it is theirs by logging in once with the password (POST auth/login reads the link cookie).
    const linkToken = await createFlow(db, 'link', { userId: existing.id, subject: claims.sub, returnTo });
    return { kind: 'link', linkToken };
  }
  const user = await createSsoUser(db, { ...claims, email: claims.email }, lang);
  await linkIdentity(db, user.id, config.issuer, claims.sub);
  return { kind: 'session', session: await openSession(db, user.id), returnTo };
}

/** After a password login: links the identity waiting in the link cookie when it waits for this very account. */
export async function completeLink(db: Db, config: OidcConfig, userId: number, linkToken: string | undefined) {
  const flow = await consumeFlow(db, ['link'], linkToken);
  if (!flow || flow.userId !== userId || !flow.subject) return false;
  return linkIdentity(db, userId, config.issuer, flow.subject);
}

/** A signature by an account linked to the provider consumes one fresh re-authentication proof of that account. */
export async function consumeReauthProof(db: Db, userId: number, proofToken: string | undefined): Promise<boolean> {
  const flow = await consumeFlow(db, ['proof'], proofToken);
  return Boolean(flow && flow.userId === userId);
}
