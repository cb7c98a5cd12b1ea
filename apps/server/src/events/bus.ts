import type { RealtimeEventName, RealtimeEvents } from '@reqloom/domain';

/**
 * Domain events, recorded by services after their transaction commits and fanned out by realtime
 * to the project's room. `origin` is the caller's realtime connection (X-Socket-ID), which is not
 * sent its own events back.
 */
export type DomainEvent = {
  [Name in RealtimeEventName]: { name: Name; projectId: number; data: RealtimeEvents[Name] };
}[RealtimeEventName];

export type EventName = DomainEvent['name'];
type Listener = (event: DomainEvent, origin: string | undefined) => void | Promise<void>;

export class EventBus {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: DomainEvent, origin?: string): void {
    for (const listener of this.listeners) {
      // A failing listener must not fail the call that already committed its change.
      Promise.resolve(listener(event, origin)).catch(() => undefined);
    }
  }
}
