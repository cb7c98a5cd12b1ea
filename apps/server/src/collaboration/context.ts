import type { Auth } from '../modules/auth/session.service';

/** Who is behind a collaboration connection, as the server knows it (never as the client claims it). */
export type CollaborationUser = { id: number; name: string; color: string };

/** What a connection carries once authenticated: set by the upgrade (cookie) and `onAuthenticate`. */
export type CollaborationContext = {
  auth?: Auth;
  user?: CollaborationUser;
  projectId?: number;
  requirementId?: number;
};

// Caret colours readable on white, picked by user id so that a person keeps one colour everywhere.
const COLORS = [
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
  '#364fc7',
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#2b8a3e',
  '#e8590c',
];

export function collaborationUser(auth: Auth): CollaborationUser {
  return { id: auth.user.id, name: auth.user.name, color: COLORS[auth.user.id % COLORS.length]! };
}
