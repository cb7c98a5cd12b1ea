import type { connectedPayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import type { AppContext } from '../context';
import { accessTokenExists, resolveAccessToken, sessionExpiry } from '../modules/auth/session.service';
import { can } from '../policies/policy';
import { findElementProjectForUser, isProjectMember } from '../policies/project-access';
import { collaborationUser, type CollaborationContext } from './context';
import { requirementIdOf } from './shared-description';

/**
 * Authentication and the policy check of a collaboration connection (decisions §15): the session cookie read at
 * the upgrade, or an access token sent by the provider; then the requirement's project and membership. A refusal
 * says nothing of whether the requirement exists.
 */
async function sessionAlive(db: AppContext['db'], sessionId: number): Promise<boolean> {
  const expiresAt = await sessionExpiry(db, sessionId);
  return expiresAt !== null && expiresAt.getTime() > Date.now();
}

export function authenticationExtension(ctx: AppContext): Extension {
  return {
    async onAuthenticate({
      context,
      documentName,
      token,
    }: onAuthenticatePayload<CollaborationContext>): Promise<CollaborationContext> {
      const requirementId = requirementIdOf(documentName);
      let auth = context.auth;
      // The cookie was read at the upgrade, and the socket outlives what it opened: a document opened later on the
      // same socket (after a logout or an expiry closed the first) must find the session still there.
      if (auth?.kind === 'session' && !(await sessionAlive(ctx.db, auth.sessionId))) auth = undefined;
      if (!auth && token && token.length <= 200) auth = (await resolveAccessToken(ctx.db, token)) ?? undefined;
      if (!auth) throw new Error('Unauthenticated.');
      if (requirementId === null) throw new Error('This action is unauthorized.');
      const found = await findElementProjectForUser(ctx.db, 'requirement', requirementId, auth.user.id);
      const allowed =
        found !== undefined &&
        can(auth.user, { do: 'requirement.collaborate', project: { id: found.project.id, isMember: found.isMember } });
      if (!allowed) throw new Error('This action is unauthorized.');
      return { auth, user: collaborationUser(auth), projectId: found.project.id, requirementId };
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
      if (!stillValid || !(await isProjectMember(ctx.db, context.projectId, auth.user.id)))
        connection.close({ code: 4403, reason: 'Access ended.' });
    },
  };
}
