import type { Connection, Hocuspocus } from '@hocuspocus/server';
import { and, gt, inArray } from 'drizzle-orm';
import type { ProjectRole } from '@reqloom/domain';
import type { AppContext } from '../core/context';
import { accessTokens, requirements, sessions } from '../db/schema';
import type { CommittedWork } from '../events/bus';
import type { DomainEvent } from '../events/domain-events';
import { can } from '../policies/policy';
import { membershipKey, memberships, type Membership } from '../policies/project-access';
import type { CollaborationContext } from './context';
import { requirementIdOf } from '../modules/working-area/requirements/description/shared-description';

/**
 * How often the sessions, tokens and memberships behind open connections are looked at: expiry needs no write to
 * happen, and a notification of an ended membership may have been missed (a safety net, not the way access ends).
 */
const ACCESS_SWEEP_MS = 30_000;

type Conn = Connection<CollaborationContext>;

// Closing a document's connection sends the provider a close message with this reason (the socket itself may
// carry other documents and stays open); the provider does not try again on its own, the editor turns read-only.
export const ACCESS_ENDED = { code: 4403, reason: 'Access ended.' };

/**
 * Closes collaboration connections when access ends (decisions §15), like the realtime sockets: membership lost,
 * project or requirement deleted, logout, password reset, token revoked, session expired. It acts on the facts of
 * every instance (the bus carries them through Redis), since each instance holds its own connections.
 */
export function watchAccess(ctx: AppContext, hocuspocus: Hocuspocus<CollaborationContext>) {
  function connections(): Conn[] {
    const all: Conn[] = [];
    for (const document of hocuspocus.documents.values())
      for (const connection of document.connections.keys()) all.push(connection as Conn);
    return all;
  }
  function closeWhere(test: (context: CollaborationContext) => boolean) {
    for (const connection of connections()) if (test(connection.context)) connection.close(ACCESS_ENDED);
  }
  async function closeDeletedRequirements(projectId: number) {
    const ids = connections()
      .filter((c) => c.context.projectId === projectId)
      .map((c) => c.context.requirementId!);
    if (ids.length === 0) return;
    const alive = await ctx.db
      .select({ id: requirements.id })
      .from(requirements)
      .where(inArray(requirements.id, [...new Set(ids)]));
    const kept = new Set(alive.map((r) => r.id));
    closeWhere((c) => c.projectId === projectId && !kept.has(c.requirementId!));
  }

  /** Makes a connection read-only, or writable again, as the policy says for the member's role now. */
  function followRole(connection: Conn, role: ProjectRole) {
    const { auth, projectId } = connection.context;
    if (!auth || projectId === undefined) return;
    connection.readOnly = !can(auth.user, { do: 'requirement.collaborate.write', project: { id: projectId, role } });
  }

  function act(event: DomainEvent) {
    switch (event.name) {
      case 'MembershipEnded':
        return closeWhere((c) => c.projectId === event.projectId && c.auth?.user.id === event.userId);
      case 'MembershipRoleChanged':
        // Hocuspocus looks at `readOnly` as each message comes: the next update of a member dropped below editor
        // is not applied (decisions §20), and one raised to editor is applied again.
        for (const connection of connections())
          if (connection.context.projectId === event.projectId && connection.context.auth?.user.id === event.userId)
            followRole(connection, event.role);
        return undefined;
      case 'MembershipsChanged':
        return void sweep().catch(() => undefined);
      case 'ProjectDeleted':
        return closeWhere((c) => c.projectId === event.projectId);
      case 'RequirementDeleted':
        return closeWhere((c) => c.requirementId === event.requirementId);
      case 'DocumentDeleted':
        return void closeDeletedRequirements(event.projectId).catch(() => undefined);
      case 'SessionEnded':
        return closeWhere((c) => c.auth?.kind === 'session' && c.auth.sessionId === event.sessionId);
      case 'UserSessionsEnded':
        return closeWhere(
          (c) =>
            c.auth?.user.id === event.userId &&
            (c.auth.kind === 'session' ? c.auth.sessionId !== event.keepSessionId : event.tokens),
        );
      case 'AccessTokenRevoked':
        return closeWhere((c) => c.auth?.kind === 'token' && c.auth.tokenId === event.tokenId);
      default:
        return undefined;
    }
  }

  const unsubscribe = ctx.events.subscribe((work: CommittedWork) => {
    for (const event of work.events) act(event);
  });

  /** Reads the sessions, tokens and memberships of every open connection again, and closes those gone. */
  async function sweep() {
    const open = connections().filter((c) => c.context.auth && c.context.projectId !== undefined);
    if (open.length === 0) return;
    const sessionIds = new Set<number>();
    const tokenIds = new Set<number>();
    const pairs = new Map<string, Membership>();
    for (const { context } of open) {
      const auth = context.auth!;
      if (auth.kind === 'session') sessionIds.add(auth.sessionId);
      else tokenIds.add(auth.tokenId);
      const pair = { projectId: context.projectId!, userId: auth.user.id };
      pairs.set(membershipKey(pair), pair);
    }
    const [sessionsAlive, tokensAlive, present] = await Promise.all([
      sessionIds.size === 0
        ? []
        : ctx.db
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, new Date()))),
      tokenIds.size === 0
        ? []
        : ctx.db
            .select({ id: accessTokens.id })
            .from(accessTokens)
            .where(inArray(accessTokens.id, [...tokenIds])),
      memberships(ctx.db, [...pairs.values()]),
    ]);
    const sessionsValid = new Set(sessionsAlive.map((s) => s.id));
    const tokensValid = new Set(tokensAlive.map((t) => t.id));
    // Only the connections read: one opened meanwhile, with a session or project not asked about, stays.
    for (const connection of open) {
      const { auth, projectId } = connection.context as Required<CollaborationContext>;
      const credential = auth.kind === 'session' ? sessionsValid.has(auth.sessionId) : tokensValid.has(auth.tokenId);
      const role = present.get(membershipKey({ projectId, userId: auth.user.id }));
      if (!credential || role === undefined) connection.close(ACCESS_ENDED);
      else followRole(connection, role);
    }
  }
  const sweeping = setInterval(() => void sweep().catch(() => undefined), ACCESS_SWEEP_MS);
  sweeping.unref();

  return {
    /** A requirement found gone by the write-back: its connections close. */
    closeDocument(documentName: string) {
      const id = requirementIdOf(documentName);
      if (id !== null) closeWhere((c) => c.requirementId === id);
    },
    stop() {
      unsubscribe();
      clearInterval(sweeping);
    },
  };
}
