import { io, type Socket } from 'socket.io-client';
import { isSessionActive, subscribeSession } from './session';
import { setSocketId } from './socketId';

// One Socket.IO connection per tab, on the app's own origin, authenticated by the session cookie.
// It connects on first use and reconnects by itself; subscriptions are renewed on every (re)connection.

let socket: Socket | null = null;
let stopWatchingSession: (() => void) | null = null;
const subscriptions = new Map<number, number>(); // project id → number of users of it

function subscribe(s: Socket, projectId: number): void {
  s.emit('subscribe', { project_id: projectId }, () => undefined);
}

export function realtimeSocket(): Socket {
  if (socket) return socket;
  const s = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
  s.on('connect', () => {
    setSocketId(s.id ?? '');
    for (const projectId of subscriptions.keys()) subscribe(s, projectId);
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

/** Follows a project's events until the returned function is called. */
export function followProject(projectId: number): () => void {
  const s = realtimeSocket();
  const count = subscriptions.get(projectId) ?? 0;
  subscriptions.set(projectId, count + 1);
  if (count === 0 && s.connected) subscribe(s, projectId);
  return () => {
    const left = (subscriptions.get(projectId) ?? 1) - 1;
    if (left > 0) {
      subscriptions.set(projectId, left);
      return;
    }
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
