import type {
  CategoryPresented,
  DocumentPresented,
  ProjectShared,
  RealtimeEventName,
  RealtimeEvents,
  RequirementPresented,
} from '@reqloom/domain';
import type { Db } from '../db/client';
import type { DomainEvent } from './domain-events';

/** One event for the browsers: the wire contract of `packages/domain`, addressed to a project's room. */
export type WireMessage = {
  [Name in RealtimeEventName]: { projectId: number; name: Name; data: RealtimeEvents[Name] };
}[RealtimeEventName];

/** An entity as a service presented it for its answer. */
export type PresentedEntity =
  | { kind: 'project'; value: ProjectShared }
  | { kind: 'document'; value: DocumentPresented }
  | { kind: 'category'; value: CategoryPresented }
  | { kind: 'requirement'; value: RequirementPresented };
/** By `kind:id`, with the number of facts recorded when it was presented. */
export type Remembered = Map<string, { at: number; entity: PresentedEntity }>;

/**
 * The mapping from the facts of a unit of work to wire events (read/wire.ts), handed to the unit of work by
 * app.ts so that the core does not depend on the features' read models.
 */
export type ToWire = (tx: Db, events: DomainEvent[], remembered: Remembered) => Promise<WireMessage[]>;
