import type { beforeSyncPayload, connectedPayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import type { AppContext } from '../core/context';
import { sessionKey, tokenKey } from '../http/authenticate';
import { accessTokenExists, resolveAccessTokenByHash, resolveSessionByHash, sessionExpiry } from '../core/identity';
import { can } from '../policies/policy';
import { findElementProjectForUser, projectRole } from '../policies/project-access';
import { MAX_CREDENTIAL_LENGTH } from '../http/session-cookie';
import { hashToken } from '../security/tokens';
import { ACCESS_ENDED } from './access-watch';
import { collaborationUser, type CollaborationContext } from './context';
import { requirementIdOf } from '../modules/working-area/requirements/description/shared-description';

/**
 * Authentication and the policy check of a collaboration connection (decisions §15): the session cookie read at
 * the upgrade, or an access token sent by the provider; then the requirement's project and the caller's role in it. A refusal
 * says nothing of whether the requirement exists.
 */
async function sessionAlive(db: AppContext['db'], sessionId: number): Promise<boolean> {
  const expiresAt = await sessionExpiry(db, sessionId);
  return expiresAt !== null && expiresAt.getTime() > Date.now();
}

/** Thrown from a hook: Hocuspocus closes the document's connection with this code and reason, nothing applied. */
const ENDED = Object.assign(new Error(ACCESS_ENDED.reason), ACCESS_ENDED);

/**
 * Whether the session or token behind a connection still holds, from the session cache (which the database's
 * notifications keep true, and this server's own ends empty before their answer leaves): a Map lookup while it
 * serves, one read otherwise.
 */
async function credentialHolds(ctx: AppContext, context: CollaborationContext): Promise<boolean> {
  const { auth, authHash: hash } = context;
  if (!auth || !hash) return false;
  if (auth.kind === 'session') {
    const now = await ctx.authCache.resolve(sessionKey(hash), () => resolveSessionByHash(ctx.db, hash));
    return now?.kind === 'session' && now.sessionId === auth.sessionId;
  }
  const now = await ctx.authCache.resolve(tokenKey(hash), () => resolveAccessTokenByHash(ctx.db, hash));
  return now?.kind === 'token' && now.tokenId === auth.tokenId;
}

export function authenticationExtension(ctx: AppContext): Extension {
  return {
    async onAuthenticate({
      context,
      documentName,
      token,
      connectionConfig,
    }: onAuthenticatePayload<CollaborationContext>): Promise<CollaborationContext> {
      const requirementId = requirementIdOf(documentName);
      let auth = context.auth;
      let authHash = context.authHash;
      // The cookie was read at the upgrade, and the socket outlives what it opened: a document opened later on the
      // same socket (after a logout or an expiry closed the first) must find the session still there.
      if (auth?.kind === 'session' && !(await sessionAlive(ctx.db, auth.sessionId))) auth = undefined;
      if (!auth && token && token.length <= MAX_CREDENTIAL_LENGTH) {
        authHash = hashToken(token);
        auth = (await resolveAccessTokenByHash(ctx.db, authHash)) ?? undefined;
      }
      if (!auth) throw new Error('Unauthenticated.');
      if (requirementId === null) throw new Error('This action is unauthorized.');
      const found = await findElementProjectForUser(ctx.db, 'requirement', requirementId, auth.user.id);
      const facts = found && { id: found.project.id, role: found.role };
      if (!facts || !can(auth.user, { do: 'requirement.collaborate', project: facts }))
        throw new Error('This action is unauthorized.');
      // Viewers and reviewers connect read-only (decisions §20): Hocuspocus applies none of their document updates,
      // awareness still flows, and the provider is told so in its "authenticated" answer.
      connectionConfig.readOnly = !can(auth.user, { do: 'requirement.collaborate.write', project: facts });
      return { auth, authHash, user: collaborationUser(auth), projectId: found.project.id, requirementId };
    },

    // Access may end while the document loads, before the connection is there for the access watch to close
    // (a logout, a revoked token, a membership ended): look once more now that it is.
    async connected({ connection, context }: connectedPayload<CollaborationContext>) {
      const auth = context.auth;
      if (!auth || context.projectId === undefined) return;
      const stillValid =
        auth.kind === 'session'
          ? await sessionAlive(ctx.db, auth.sessionId)
          : await accessTokenExists(ctx.db, auth.tokenId);
      const role = stillValid ? await projectRole(ctx.db, context.projectId, auth.user.id) : null;
      if (role === null) return connection.close(ACCESS_ENDED);
      // A role changed while the document loaded: the connection follows the role as it is now.
      connection.readOnly = !can(auth.user, {
        do: 'requirement.collaborate.write',
        project: { id: context.projectId, role },
      });
    },

    // Checked again as each update is applied: Hocuspocus keeps applying the messages already queued on a
    // connection after it is closed, and a session ended elsewhere (a password change, another instance, SQL) is
    // closed here only once the news arrives. The connection must still be in the document (the access watch
    // closes it on any end it hears, a membership's included) and its session or token must still hold; otherwise
    // the update is refused and the connection closed with "Access ended.".
    async beforeSync({ type, connection, context, document }: beforeSyncPayload<CollaborationContext>) {
      // Step 1 is a state vector: it asks, it changes nothing.
      if (type === 0) return;
      const holds = await credentialHolds(ctx, context);
      // Looked at after the read, which another event may have overtaken.
      if (!holds || !document.hasConnection(connection)) throw ENDED;
    },
  };
}
