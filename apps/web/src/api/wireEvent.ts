import type { RealtimeEventName, RealtimeEvents } from '@reqloom/domain';

/**
 * A realtime event as the cache appliers take it: its name and its data. The socket hands them over as they
 * arrive; a screen's own call builds the one its answer implies (the server does not echo it back).
 */
export type WireEvent<Names extends RealtimeEventName = RealtimeEventName> = {
  [Name in Names]: { name: Name; payload: RealtimeEvents[Name] };
}[Names];

export const PROJECT_EVENT_NAMES = [
  'ProjectUpdated',
  'ProjectSettingsUpdated',
  'ProjectDeleted',
  'ProjectMembersUpdated',
] as const;
export type ProjectEventName = (typeof PROJECT_EVENT_NAMES)[number];

/** A review's events (decisions §23): they name the review only; the reviews feature reads it again. */
export const REVIEW_EVENT_NAMES = ['ReviewUpdated', 'ReviewDeleted'] as const;
export type ReviewEventName = (typeof REVIEW_EVENT_NAMES)[number];
export type ReviewEvent = WireEvent<ReviewEventName>;

export type WorkingAreaEventName = Exclude<RealtimeEventName, ProjectEventName | ReviewEventName>;
export const WORKING_AREA_EVENT_NAMES = [
  'ProjectStructureUpdated',
  'DocumentUpdated',
  'DocumentSettingsUpdated',
  'DocumentDeleted',
  'ClassifierUpdated',
  'ClassifierDeleted',
  'TagUpdated',
  'TagDeleted',
  'CategoryUpdated',
  'CategoriesUpdated',
  'CategoryDeleted',
  'RequirementUpdated',
  'RequirementsUpdated',
  'RequirementDeleted',
  'CommentCreated',
] as const satisfies readonly WorkingAreaEventName[];

/** Every event name of the protocol, for a listener that takes them all. */
export const REALTIME_EVENT_NAMES: readonly RealtimeEventName[] = [
  ...PROJECT_EVENT_NAMES,
  ...WORKING_AREA_EVENT_NAMES,
  ...REVIEW_EVENT_NAMES,
];

export function isProjectEvent(event: WireEvent): event is WireEvent<ProjectEventName> {
  return (PROJECT_EVENT_NAMES as readonly string[]).includes(event.name);
}

export function isReviewEvent(event: WireEvent): event is ReviewEvent {
  return (REVIEW_EVENT_NAMES as readonly string[]).includes(event.name);
}

export function isWorkingAreaEvent(event: WireEvent): event is WireEvent<WorkingAreaEventName> {
  return !isProjectEvent(event) && !isReviewEvent(event);
}

// Does not compile when the protocol gains a working-area event that the list above lacks.
const _everyWorkingAreaEvent: Exclude<WorkingAreaEventName, (typeof WORKING_AREA_EVENT_NAMES)[number]> extends never
  ? true
  : never = true;
