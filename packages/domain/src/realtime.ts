import type { CategoryPresented } from './schemas/categories';
import type { ClassifierPresented, TagPresented } from './schemas/classifiers';
import type { CommentPresented } from './schemas/comments';
import type { DocumentPresented, DocumentSettings } from './schemas/documents';
import type { ProjectSettings, ProjectShared } from './schemas/projects';
import type { RequirementPresented } from './schemas/requirements';

/**
 * The realtime protocol (Socket.IO at /socket.io): a client emits `subscribe {project_id}` (ack
 * `SubscribeAnswer`) and then receives these events for that project, except those its own calls caused
 * (X-Socket-ID). Every payload also carries `project_id` (see RealtimePayload).
 */
export type SubscribeRequest = {
  project_id: number;
  /**
   * Asks for the project's events in batches (the event `batch`, RealtimeBatch) instead of one Socket.IO event
   * each. The first event after a quiet window of REALTIME_BATCH_WINDOW_MS goes out at once; those that follow
   * within the window go out together at its end, in order. While the project stays busy, each window is twice as
   * long as the one before, up to REALTIME_BATCH_WINDOW_MAX_MS. Under load this divides the frames every subscriber
   * receives (and the server sends) by the events per window. Without it, events come one by one as before.
   */
  batch?: boolean;
};

export const REALTIME_BATCH_WINDOW_MS = 50;
/** The longest a batched event waits before it is sent (a busy project's window). */
export const REALTIME_BATCH_WINDOW_MAX_MS = 200;

export type SubscribeAnswer = {
  ok: boolean;
  message?: string;
  /**
   * On success, how long ago (ms) the project's last event was sent, or null when this server has sent none since
   * it started. A client whose reads went out before the subscription compares it with their age: an event newer
   * than a read was missed by it.
   */
  quiet_ms?: number | null;
};

export type RealtimeEvents = {
  /** The project without `my_role` (each member of the room has their own): keep the one read. */
  ProjectUpdated: { project: ProjectShared };
  ProjectSettingsUpdated: { project_id: number; settings: ProjectSettings };
  ProjectDeleted: { project_id: number };
  /** A member joined, left, was removed or changed role (decisions §20): the list and the caller's role are read again. */
  ProjectMembersUpdated: { project_id: number };
  ProjectStructureUpdated: { project_id: number };
  DocumentUpdated: { document: DocumentPresented };
  DocumentSettingsUpdated: { document_id: number; settings: DocumentSettings };
  DocumentDeleted: { document_id: number };
  ClassifierUpdated: { classifier: ClassifierPresented };
  ClassifierDeleted: { document_id: number; classifier_id: number };
  TagUpdated: { tag: TagPresented };
  TagDeleted: { classifier_id: number; tag_id: number };
  CategoryUpdated: { category: CategoryPresented };
  CategoriesUpdated: { document_id: number };
  CategoryDeleted: { category_id: number; document_id: number };
  RequirementUpdated: { requirement: RequirementPresented };
  RequirementsUpdated: { document_ids: number[] };
  RequirementDeleted: { requirement_id: number; document_id: number };
  /** A comment on the project or one of its elements (decisions §11). */
  CommentCreated: { comment: CommentPresented };
  /**
   * A review changed (started, feedback, a verdict, a signature, closed, republished) or was deleted (decisions §23):
   * the list and the open review are read again; the payload is deliberately small.
   */
  ReviewUpdated: { review_id: number };
  ReviewDeleted: { review_id: number };
};
export type RealtimeEventName = keyof RealtimeEvents;

/** What a client receives: the event's data and the id of the project it belongs to. */
export type RealtimePayload<Name extends RealtimeEventName> = RealtimeEvents[Name] & { project_id: number };

/** One event inside a batch: its name and its payload, as it would have come alone. */
export type BatchedRealtimeEvent = {
  [Name in RealtimeEventName]: { name: Name; payload: RealtimePayload<Name> };
}[RealtimeEventName];

/** The event `batch`, for subscriptions made with `batch: true`: a project's events in the order they happened. */
export type RealtimeBatch = { project_id: number; events: BatchedRealtimeEvent[] };

/**
 * What a write in a project answers besides its result (issue 33): the events its unit of work sent the project's
 * room, in order, which the caller's own socket is spared. Present on every `{data}` answer of such a write, and as
 * the whole answer (200 instead of 204) of one that has no result when the call sent `Prefer: return=representation`.
 */
export type AnswerEvents = { events?: BatchedRealtimeEvent[] };
