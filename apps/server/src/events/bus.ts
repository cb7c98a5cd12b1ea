import { createClient } from 'redis';
import type { DomainEvent } from './domain-events';
import type { WireMessage } from '../events/wire-message';

/** What one committed unit of work publishes: its facts and, for the browsers, the wire messages made of them. */
export type CommittedWork = {
  events: DomainEvent[];
  wire: WireMessage[];
  /** The caller's realtime connection, as a room name that only it can be in (see realtime `originRoom`). */
  origin?: string;
  /** True when the work was done on another instance (delivered through Redis). */
  remote: boolean;
};

type Listener = (work: CommittedWork) => void | Promise<void>;

const CHANNEL = 'reqloom:events';

/** Where committed work goes to reach every instance (Redis pub/sub). */
type Channel = { publish(message: string): Promise<unknown>; ready(): boolean; close(): Promise<void> };
/** `only`: facts the sender heard for itself (see `hear`), sent through the channel only to keep their order. */
type Message = Omit<CommittedWork, 'remote'> & { id: number; from: string; echo: boolean; only?: boolean };

/** How long this instance's work waits for its echo before its ordered listeners get it anyway. */
export const ECHO_TIMEOUT_MS = 2_000;
/** Wire messages per channel message: a large import is sent in several, in order, none of many megabytes. */
const WIRE_PER_MESSAGE = 200;

/**
 * Carries committed work to the listeners of this instance and, with Redis, of every instance, facts and wire
 * messages alike, on one channel. A listener that asks for one order (realtime) receives with Redis this
 * instance's work too as the channel sends it back: every instance then sees all work in the channel's one order,
 * so that no browser sees two changes in another order than another browser does. Other listeners (collaboration)
 * get this instance's work at once.
 *
 * An echo that does not come (the subscriber's connection down or silently dead, the message refused) must not
 * lose the work here: each waits under an id, and goes to the ordered listeners at once when the channel is not
 * ready, when the publish fails, or after ECHO_TIMEOUT_MS; whichever comes first, the echo or the fallback, takes
 * the id, so the work is delivered once, out of order rather than lost.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly ordered = new Set<Listener>();
  private redis?: Channel;
  private readonly instance = `${process.pid}.${Math.random().toString(36).slice(2)}`;
  private nextId = 1;
  /** This instance's work waiting for its echo, by message id. */
  private readonly pending = new Map<number, { work: CommittedWork; timer: NodeJS.Timeout }>();

  subscribe(listener: Listener, options: { ordered?: boolean } = {}): () => void {
    const set = options.ordered ? this.ordered : this.listeners;
    set.add(listener);
    return () => set.delete(listener);
  }

  async connect(redisUrl: string, log: { warn(message: string): void } = console): Promise<void> {
    // A ping notices a connection that died without closing; reconnections are the client's own.
    const pub = createClient({ url: redisUrl, pingInterval: 10_000 });
    const sub = pub.duplicate();
    // Without a listener, a lost connection's error would end the process.
    for (const [client, name] of [
      [pub, 'publisher'],
      [sub, 'subscriber'],
    ] as const)
      client.on('error', (error: Error) => log.warn(`Redis event bus (${name}): ${error.message}`));
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL, (message) => this.receive(message));
    this.attach({
      publish: (message) => pub.publish(CHANNEL, message),
      ready: () => pub.isReady && sub.isReady,
      close: async () => {
        await Promise.all([sub.quit().catch(() => undefined), pub.quit().catch(() => undefined)]);
      },
    });
  }

  /** Whether the channel is connected both ways; undefined without one (a single instance). */
  get connected(): boolean | undefined {
    return this.redis?.ready();
  }

  /** Uses a channel (Redis's, or a test's); `receive` takes what it brings. */
  attach(channel: Channel): void {
    this.redis = channel;
  }

  receive(raw: string): void {
    const message = JSON.parse(raw) as Message;
    const remote = message.from !== this.instance;
    if (message.only && remote) return;
    const work = {
      events: message.events,
      wire: message.wire,
      origin: message.origin,
      remote: remote || !!message.only,
    };
    if (remote) return this.deliver(work, [this.listeners, this.ordered]);
    // This instance's own: delivered now unless the fallback already did.
    if (this.settle(message.id)) this.deliver(work, [this.ordered]);
  }

  publish(work: Omit<CommittedWork, 'remote'>): void {
    if (work.events.length === 0 && work.wire.length === 0) return;
    const local = { ...work, remote: false };
    if (!this.redis) return this.deliver(local, [this.listeners, this.ordered]);
    this.deliver(local, [this.listeners]);
    // Connected both ways, the channel brings it back in its order; otherwise the ordered listeners get it now.
    const echo = this.redis.ready();
    if (!echo) this.deliver(local, [this.ordered]);
    const { events, origin } = work;
    for (let at = 0; at === 0 || at < work.wire.length; at += WIRE_PER_MESSAGE) {
      const part = { events: at === 0 ? events : [], wire: work.wire.slice(at, at + WIRE_PER_MESSAGE), origin };
      const id = this.nextId++;
      if (echo) this.wait(id, { ...part, remote: false });
      this.redis
        .publish(JSON.stringify({ id, from: this.instance, echo, ...part } satisfies Message))
        .catch(() => this.fallBack(id));
    }
  }

  /**
   * Facts this instance learned by itself rather than from a unit of work (the database's notifications, which every
   * instance hears on its own): for this instance's listeners only, marked remote. The unordered ones get them at
   * once. The ordered ones (realtime) get them through the channel's echo, like this instance's own work, so that
   * they come after the work published before them: a membership ended by SQL still lets the member receive what was
   * committed before, as a route's `MembershipEnded` does. Other instances ignore the message. `wire` goes to this
   * instance's browsers (a role changed by SQL: `ProjectMembersUpdated`, which no route's work carried).
   */
  hear(events: DomainEvent[], wire: WireMessage[] = []): void {
    if (events.length === 0 && wire.length === 0) return;
    const work = { events, wire, remote: true };
    this.deliver(work, [this.listeners]);
    if (!this.redis?.ready()) return this.deliver(work, [this.ordered]);
    const id = this.nextId++;
    this.wait(id, work);
    this.redis
      .publish(JSON.stringify({ id, from: this.instance, echo: true, only: true, events, wire } satisfies Message))
      .catch(() => this.fallBack(id));
  }

  async close(): Promise<void> {
    for (const id of [...this.pending.keys()]) this.fallBack(id);
    if (!this.redis) return;
    const redis = this.redis;
    this.redis = undefined;
    await redis.close();
  }

  private wait(id: number, work: CommittedWork): void {
    const timer = setTimeout(() => this.fallBack(id), ECHO_TIMEOUT_MS);
    timer.unref();
    this.pending.set(id, { work, timer });
  }

  /** Takes a waiting work off the list: true when it was still waiting. */
  private settle(id: number): boolean {
    const waiting = this.pending.get(id);
    if (!waiting) return false;
    clearTimeout(waiting.timer);
    this.pending.delete(id);
    return true;
  }

  private fallBack(id: number): void {
    const waiting = this.pending.get(id);
    if (waiting && this.settle(id)) this.deliver(waiting.work, [this.ordered]);
  }

  private deliver(work: CommittedWork, sets: Array<Set<Listener>>): void {
    for (const listener of sets.flatMap((set) => [...set])) {
      // A failing listener must not fail the call whose change is already committed.
      Promise.resolve(listener(work)).catch(() => undefined);
    }
  }
}
