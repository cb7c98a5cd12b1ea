import { collaborationColor } from '@reqloom/domain';
import type { Auth } from '../core/identity';

/** Who is behind a collaboration connection, as the server knows it (never as the client claims it). */
export type CollaborationUser = { id: number; name: string; color: string };

/** What a connection carries once authenticated: set by the upgrade (cookie) and `onAuthenticate`. */
export type CollaborationContext = {
  auth?: Auth;
  /** The hash of the session cookie or token behind `auth`: its key in the session cache (apply-time checks). */
  authHash?: string;
  user?: CollaborationUser;
  projectId?: number;
  requirementId?: number;
};

export function collaborationUser(auth: Auth): CollaborationUser {
  return { id: auth.user.id, name: auth.user.name, color: collaborationColor(auth.user.id) };
}
