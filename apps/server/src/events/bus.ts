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

/**
 * Carries committed work to the listeners of this instance and, with Redis, of every instance, facts and wire
 * messages alike, on one channel. A listener that asks for one order (realtime) receives with Redis this
 * instance's work too as the channel sends it back: every instance then sees all work in the channel's one order,
 * so that no browser sees two changes in another order than another browser does. Other listeners (collaboration)
 * get this instance's work at once. Should Redis refuse a message, its work still reaches this instance's ordered
 * listeners, at once.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly ordered = new Set<Listener>();
  private redis?: { close(): Promise<void>; publish(message: string): Promise<unknown> };
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
    await sub.subscribe(CHANNEL, (message) => {
      const parsed = JSON.parse(message) as Omit<CommittedWork, 'remote'> & { from: string };
      const remote = parsed.from !== this.instance;
      const work = { events: parsed.events, wire: parsed.wire, origin: parsed.origin, remote };
      this.deliver(work, remote ? [this.listeners, this.ordered] : [this.ordered]);
    });
    this.redis = {
      publish: (message) => pub.publish(CHANNEL, message),
      close: async () => {
        await Promise.all([sub.quit().catch(() => undefined), pub.quit().catch(() => undefined)]);
      },
    };
  }

  publish(work: Omit<CommittedWork, 'remote'>): void {
    if (work.events.length === 0 && work.wire.length === 0) return;
    const local = { ...work, remote: false };
    if (!this.redis) return this.deliver(local, [this.listeners, this.ordered]);
    this.deliver(local, [this.listeners]);
    const { events, wire, origin } = work;
    this.redis
      .publish(JSON.stringify({ from: this.instance, events, wire, origin }))
      .catch(() => this.deliver(local, [this.ordered]));
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
