import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_BATCH_WINDOW_MAX_MS, type ProjectPresented } from '@reqloom/domain';
import { catchUpProject } from '../features/projects/applyProjectEvent';
import { workingAreaKeys } from './workingAreaKeys';

/** A stand-in for the Socket.IO client: records what is emitted, and lets the test play the server. */
class FakeSocket {
  connected = false;
  id = '';
  emitted: { event: string; data: unknown; ack?: (answer?: unknown) => void }[] = [];
  private listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, data: unknown, ack?: (answer?: unknown) => void) {
    this.emitted.push({ event, data, ack });
    return this;
  }
  disconnect() {
    this.serverGone();
  }
  serverUp(id: string) {
    this.connected = true;
    this.id = id;
    for (const listener of this.listeners.get('connect') ?? []) listener();
  }
  serverGone() {
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) listener('transport close');
  }
  /** The server answers every subscription waiting for its acknowledgement. */
  acknowledge(answer?: unknown) {
    for (const sent of this.emitted.splice(0)) sent.ack?.(answer);
  }
}

const fake: { socket: unknown } = vi.hoisted(() => ({ socket: undefined }));
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));
vi.mock('./session', () => ({ isSessionActive: () => true, subscribeSession: () => () => undefined }));

const { closeRealtime, followProject } = await import('./realtime');

describe('realtime subscriptions', () => {
  let socket: FakeSocket;
  beforeEach(() => {
    socket = new FakeSocket();
    fake.socket = socket;
  });
  afterEach(() => closeRealtime());

  it('subscribes on the first connection without asking to catch up', () => {
    const renewed = vi.fn();
    followProject(7, renewed);
    socket.serverUp('a');
    expect(socket.emitted.map((e) => [e.event, e.data])).toEqual([['subscribe', { project_id: 7, batch: true }]]);
    socket.acknowledge();
    expect(renewed).not.toHaveBeenCalled();
  });

  it('after a lost connection, subscribes again and then asks to catch up', () => {
    const renewed = vi.fn();
    followProject(7, renewed);
    socket.serverUp('a');
    socket.acknowledge();
    socket.serverGone();
    socket.serverUp('b');
    expect(socket.emitted.map((e) => [e.event, e.data])).toEqual([['subscribe', { project_id: 7, batch: true }]]);
    // Not before the server has taken the subscription: an event sent in between would be missed again.
    expect(renewed).not.toHaveBeenCalled();
    socket.acknowledge();
    expect(renewed).toHaveBeenCalledTimes(1);
  });

  it('on a first subscription, asks to catch up only when the project had an event since the page started', () => {
    const renewed = vi.fn();
    followProject(7, renewed);
    socket.serverUp('a');
    // Last event long before this page existed (a quiet project), or none since the server started.
    socket.acknowledge({ ok: true, quiet_ms: performance.now() + 60_000 });
    expect(renewed).not.toHaveBeenCalled();
    const other = vi.fn();
    followProject(8, other);
    socket.acknowledge({ ok: true, quiet_ms: null });
    expect(other).not.toHaveBeenCalled();
    // An event a moment ago: the page's early reads may have left before it, and the subscription came after it.
    const third = vi.fn();
    followProject(9, third);
    socket.acknowledge({ ok: true, quiet_ms: 0 });
    expect(third).toHaveBeenCalledTimes(1);
    // A refusal asks nothing.
    const refused = vi.fn();
    followProject(10, refused);
    socket.acknowledge({ ok: false, message: 'This action is unauthorized.' });
    expect(refused).not.toHaveBeenCalled();
  });

  it('coming back to a project, counts from when the tab stopped following it', async () => {
    const first = vi.fn();
    const unfollow = followProject(7, first);
    socket.serverUp('a');
    socket.acknowledge({ ok: true, quiet_ms: null });
    await new Promise((r) => setTimeout(r, 30));
    // While the tab followed the project, and longer than the longest batch window before it left: it was received.
    const eventAt = performance.now() - 5;
    await new Promise((r) => setTimeout(r, REALTIME_BATCH_WINDOW_MAX_MS + 30));
    unfollow();
    socket.emitted.splice(0);
    const back = vi.fn();
    const unfollowBack = followProject(7, back);
    socket.acknowledge({ ok: true, quiet_ms: performance.now() - eventAt });
    expect(back).not.toHaveBeenCalled();
    // Committed less than the longest window before the tab left (a busy project's batches wait up to 200 ms, four
    // times the first window): it may have waited in a batch that was sent after.
    const batchedAt = performance.now();
    await new Promise((r) => setTimeout(r, 100));
    unfollowBack();
    socket.emitted.splice(0);
    const again = vi.fn();
    followProject(7, again);
    socket.acknowledge({ ok: true, quiet_ms: performance.now() - batchedAt });
    expect(again).toHaveBeenCalledTimes(1);
    // An event after the tab had left was missed by what it kept.
    const leave = followProject(8, undefined);
    socket.acknowledge({ ok: true, quiet_ms: null });
    leave();
    await new Promise((r) => setTimeout(r, 30));
    const later = vi.fn();
    followProject(8, later);
    socket.acknowledge({ ok: true, quiet_ms: 10 });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('stops asking a follower that left, and unsubscribes when the last one leaves', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unfollowFirst = followProject(7, first);
    const unfollowSecond = followProject(7, second);
    socket.serverUp('a');
    socket.acknowledge();
    unfollowFirst();
    socket.serverGone();
    socket.serverUp('b');
    socket.acknowledge();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unfollowSecond();
    expect(socket.emitted.map((e) => [e.event, e.data])).toEqual([['unsubscribe', { project_id: 7 }]]);
  });

  it('a reconnect reloads the working area on screen (what useProjectRealtime wires)', async () => {
    const queryClient = new QueryClient();
    const fetchStructure = vi.fn(async () => []);
    const onScreen = new QueryObserver(queryClient, {
      queryKey: workingAreaKeys.structure(7),
      queryFn: fetchStructure,
      staleTime: 30_000,
    });
    const stop = onScreen.subscribe(() => undefined);
    await vi.waitFor(() => expect(onScreen.getCurrentResult().isSuccess).toBe(true));
    const project: Pick<ProjectPresented, 'id' | 'namespace' | 'slug'> = { id: 7, namespace: 'ada', slug: 'engine' };
    followProject(7, () => void catchUpProject(queryClient, project));
    socket.serverUp('a');
    socket.acknowledge();
    socket.serverGone();
    socket.serverUp('b');
    await Promise.resolve();
    expect(fetchStructure).toHaveBeenCalledTimes(1);
    socket.acknowledge();
    await vi.waitFor(() => expect(fetchStructure).toHaveBeenCalledTimes(2));
    stop();
  });
});
