import type { Auth } from './identity';

// Socket.IO rooms. Events are addressed to rooms, so that sending one costs one emit whatever the number of
// sockets, and a write that ends someone's access moves or closes their sockets by room, on every instance.

export const projectRoom = (projectId: number) => `project.${projectId}`;
/** The sockets that subscribed to a project asking for its events in batches (SubscribeRequest.batch). */
export const projectBatchRoom = (projectId: number) => `project.${projectId}.batches`;
/** Both rooms of a project's subscribers: access ends, or a subscription, for either kind alike. */
export const projectRooms = (projectId: number) => [projectRoom(projectId), projectBatchRoom(projectId)];
export const userRoom = (userId: number) => `user.${userId}`;
export const sessionRoom = (sessionId: number) => `session.${sessionId}`;
export const tokenRoom = (tokenId: number) => `token.${tokenId}`;
/** Every socket of a user opened with a session (a password change ends them but the caller's). */
export const userSessionsRoom = (userId: number) => `user.${userId}.sessions`;
/** Every socket of a user opened with an access token (a password reset revokes every token). */
export const userTokensRoom = (userId: number) => `user.${userId}.tokens`;

const credentialKey = (auth: Auth) => (auth.kind === 'session' ? `s${auth.sessionId}` : `t${auth.tokenId}`);

/**
 * The room of one socket as seen from one session or token. `X-Socket-ID` names a socket; the call's events
 * skip this room, which exists only when that socket was opened with the caller's own credential: a header
 * naming someone else's socket, or a room such as `project.1`, names an empty room and silences no one.
 */
export const originRoom = (auth: Auth, socketId: string) => `origin.${credentialKey(auth)}.${socketId}`;
