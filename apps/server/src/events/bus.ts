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
 * Carries committed work to the listeners of this instance and, with Redis, of every instance. Realtime acts
 * only on local work (Socket.IO's Redis adapter already carries its emits everywhere); listeners that keep
 * state of their own per instance (collaboration) act on all of it.
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private redis?: { close(): Promise<void>; publish(message: string): Promise<unknown> };
  private readonly instance = `${process.pid}.${Math.random().toString(36).slice(2)}`;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async connect(redisUrl: string): Promise<void> {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL, (message) => {
      const parsed = JSON.parse(message) as { from: string; events: DomainEvent[] };
      if (parsed.from === this.instance) return;
      this.deliver({ events: parsed.events, wire: [], remote: true });
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
    this.deliver({ ...work, remote: false });
    if (this.redis && work.events.length > 0) {
      this.redis.publish(JSON.stringify({ from: this.instance, events: work.events })).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    const redis = this.redis;
    this.redis = undefined;
    await redis.close();
  }

  private deliver(work: CommittedWork): void {
    for (const listener of this.listeners) {
      // A failing listener must not fail the call whose change is already committed.
      Promise.resolve(listener(work)).catch(() => undefined);
    }
  }
}
