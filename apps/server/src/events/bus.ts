import { createClient } from 'redis';
import type { DomainEvent } from './domain-events';
import type { WireMessage } from './wire';

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

/**
 * Carries committed work to the listeners of this instance and, with Redis, of every instance, facts and wire
 * messages alike, on one channel. A listener that asks for one order (realtime) receives with Redis this
 * instance's work too as the channel sends it back: every instance then sees all work in the channel's one order,
 * so that no browser sees two changes in another order than another browser does. Other listeners (collaboration)
 * get this instance's work at once. When the channel cannot bring it back (a connection down, or Redis refusing
 * the message), this instance's work reaches its ordered listeners at once, and the echo, if it comes, is ignored:
 * out of order rather than lost.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly ordered = new Set<Listener>();
  private redis?: Channel;
  private readonly instance = `${process.pid}.${Math.random().toString(36).slice(2)}`;

  subscribe(listener: Listener, options: { ordered?: boolean } = {}): () => void {
    const set = options.ordered ? this.ordered : this.listeners;
    set.add(listener);
    return () => set.delete(listener);
  }

  async connect(redisUrl: string): Promise<void> {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
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

  /** Uses a channel (Redis's, or a test's); `receive` takes what it brings. */
  attach(channel: Channel): void {
    this.redis = channel;
  }

  receive(message: string): void {
    const parsed = JSON.parse(message) as Omit<CommittedWork, 'remote'> & { from: string; echo: boolean };
    const remote = parsed.from !== this.instance;
    // This instance's own work, already delivered when it was published because no echo was expected.
    if (!remote && !parsed.echo) return;
    const work = { events: parsed.events, wire: parsed.wire, origin: parsed.origin, remote };
    this.deliver(work, remote ? [this.listeners, this.ordered] : [this.ordered]);
  }

  publish(work: Omit<CommittedWork, 'remote'>): void {
    if (work.events.length === 0 && work.wire.length === 0) return;
    const local = { ...work, remote: false };
    if (!this.redis) return this.deliver(local, [this.listeners, this.ordered]);
    this.deliver(local, [this.listeners]);
    // Connected both ways, the channel brings it back in its order; otherwise the ordered listeners get it now.
    const echo = this.redis.ready();
    if (!echo) this.deliver(local, [this.ordered]);
    const { events, wire, origin } = work;
    this.redis
      .publish(JSON.stringify({ from: this.instance, events, wire, origin, echo }))
      .catch(() => echo && this.deliver(local, [this.ordered]));
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    const redis = this.redis;
    this.redis = undefined;
    await redis.close();
  }

  private deliver(work: CommittedWork, sets: Array<Set<Listener>>): void {
    for (const listener of sets.flatMap((set) => [...set])) {
      // A failing listener must not fail the call whose change is already committed.
      Promise.resolve(listener(work)).catch(() => undefined);
    }
  }
}
