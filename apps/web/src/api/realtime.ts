import { io, type Socket } from 'socket.io-client';
import { REALTIME_BATCH_WINDOW_MAX_MS, type SubscribeAnswer, type SubscribeRequest } from '@reqloom/domain';
import { isSessionActive, subscribeSession } from './session';
import { setSocketId } from './socketId';

// One Socket.IO connection per tab, on the app's own origin, authenticated by the session cookie.
// It connects on first use and reconnects by itself; subscriptions are renewed on every (re)connection, and
// once a renewal is acknowledged its followers are told to catch up on what they missed while away.
// A first subscription can miss events too: the page's reads leave before it (the early start sends them before
// any code loads), and an event sent between a read and the subscription reaches neither. The server's answer
// says how long the project has been quiet; when its last event is newer than the time this tab stopped
// following the project (or the page's start), the followers catch up as after a renewal.

interface Subscription {
  users: number;
  onRenewed: Set<() => void>;
  /** The server took it: from then on, this project's events reach the tab. */
  taken: boolean;
}

let socket: Socket | null = null;
let stopWatchingSession: (() => void) | null = null;
const subscriptions = new Map<number, Subscription>(); // by project id
/** When this tab stopped following each project (performance.now()); what it read since was never kept up. */
const unfollowedAt = new Map<number, number>();

/** Subscribes; once the server has answered, tells the followers to catch up if they may have missed events. */
function subscribe(s: Socket, projectId: number, renewal: boolean): void {
  // In batches: under load, a few frames carry many events (useProjectEvents unpacks them).
  const request: SubscribeRequest = { project_id: projectId, batch: true };
  s.emit('subscribe', request, (answer?: SubscribeAnswer) => {
    const subscription = subscriptions.get(projectId);
    if (subscription && answer?.ok) subscription.taken = true;
    // Refused too, after a renewal (a member removed meanwhile): reloading then shows the refusal.
    if (!renewal && !missedSomething(projectId, answer)) return;
    for (const listener of subscription?.onRenewed ?? []) listener();
  });
}

/** Whether the project's last event may be newer than the reads this tab made while it did not follow it. */
function missedSomething(projectId: number, answer: SubscribeAnswer | undefined): boolean {
  if (!answer?.ok || typeof answer.quiet_ms !== 'number') return false;
  // The event was committed at most quiet_ms before this answer arrived, and may have waited up to a batch
  // window (up to the longest, for a busy project) before it was sent: one that waited when this tab stopped
  // following the project never came.
  const lastEvent = performance.now() - answer.quiet_ms + REALTIME_BATCH_WINDOW_MAX_MS;
  return lastEvent >= (unfollowedAt.get(projectId) ?? 0);
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
    subscription = { users: 0, onRenewed: new Set(), taken: false };
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
    // A subscription never taken covered nothing: reads before it still count from the earlier time.
    if (current.taken) unfollowedAt.set(projectId, performance.now());
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
  // The next session starts afresh: its reads, not this one's, are what its subscriptions must cover.
  unfollowedAt.clear();
  setSocketId('');
}
