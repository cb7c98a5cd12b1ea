import { io, type Socket } from 'socket.io-client';
import { isSessionActive, subscribeSession } from './session';
import { setSocketId } from './socketId';

// One Socket.IO connection per tab, on the app's own origin, authenticated by the session cookie.
// It connects on first use and reconnects by itself; subscriptions are renewed on every (re)connection, and
// once a renewal is acknowledged its followers are told to catch up on what they missed while away.

interface Subscription {
  users: number;
  onRenewed: Set<() => void>;
}

let socket: Socket | null = null;
let stopWatchingSession: (() => void) | null = null;
const subscriptions = new Map<number, Subscription>(); // by project id

/** Subscribes; after a lost connection (`renewal`), tells the followers once the server has answered. */
function subscribe(s: Socket, projectId: number, renewal: boolean): void {
  s.emit('subscribe', { project_id: projectId }, () => {
    if (!renewal) return;
    // Refused too (a member removed meanwhile): reloading then shows the refusal.
    for (const listener of subscriptions.get(projectId)?.onRenewed ?? []) listener();
  });
}

export function realtimeSocket(): Socket {
  if (socket) return socket;
  const s = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
  let connectedBefore = false;
  s.on('connect', () => {
    setSocketId(s.id ?? '');
    // The first connection subscribes before anything was missed; a later one comes back after a loss.
    const renewal = connectedBefore;
    connectedBefore = true;
    for (const projectId of subscriptions.keys()) subscribe(s, projectId, renewal);
  });
  s.on('disconnect', () => setSocketId(''));
  // Whatever ends the session (logout, expiry, a 401, another tab) closes the connection opened with its cookie.
  // Watched from here rather than from the session module, so that the first page does not load Socket.IO.
  stopWatchingSession = subscribeSession(() => {
    if (!isSessionActive()) closeRealtime();
  });
  socket = s;
  return s;
}

/**
 * Follows a project's events until the returned function is called. `onRenewed` is called each time the
 * subscription is renewed after the connection was lost: the events sent meanwhile never came.
 */
export function followProject(projectId: number, onRenewed?: () => void): () => void {
  const s = realtimeSocket();
  let subscription = subscriptions.get(projectId);
  if (!subscription) {
    subscription = { users: 0, onRenewed: new Set() };
    subscriptions.set(projectId, subscription);
  }
  subscription.users += 1;
  // A new listener per call, even for the same function: each follower removes its own.
  const listener = onRenewed && (() => onRenewed());
  if (listener) subscription.onRenewed.add(listener);
  if (subscription.users === 1 && s.connected) subscribe(s, projectId, false);
  return () => {
    const current = subscriptions.get(projectId);
    if (!current) return;
    if (listener) current.onRenewed.delete(listener);
    current.users -= 1;
    if (current.users > 0) return;
    subscriptions.delete(projectId);
    if (s.connected) s.emit('unsubscribe', { project_id: projectId });
  };
}

/** Closes the connection (logout, expiry): the next session opens a new one with its own cookie. */
export function closeRealtime(): void {
  stopWatchingSession?.();
  stopWatchingSession = null;
  socket?.disconnect();
  socket = null;
  subscriptions.clear();
  setSocketId('');
}
