import type { ProjectRole } from '@reqloom/domain';

/**
 * The server's own events: facts recorded where a change happens, inside the change's transaction, with the
 * ids of what changed. They are published only after commit (a rollback drops them), reach every instance
 * through the bus, and are mapped to the browsers' wire events in one place (`wire.ts`). Kept apart from the
 * wire contract of `packages/domain` so that the server may know more than it tells (sessions ending, say).
 */
export type DomainEventMap = {
  ProjectUpdated: { projectId: number };
  ProjectSettingsUpdated: { projectId: number };
  ProjectDeleted: { projectId: number };
  /** The document graph changed (a document added, removed, or its parents changed). */
  ProjectStructureChanged: { projectId: number };
  /**
   * A user no longer belongs to a project: their live connections leave its room. `tell`: a route removed them (or
   * they left), and their own sockets get `ProjectDeleted` for it (decisions §20).
   */
  MembershipEnded: { projectId: number; userId: number; tell?: boolean };
  /** A member's role changed (decisions §20): their collaboration connections follow it (read-only below editor). */
  MembershipRoleChanged: { projectId: number; userId: number; role: ProjectRole };
  /** The project's members or their roles changed: `ProjectMembersUpdated` to the project. */
  ProjectMembersChanged: { projectId: number };
  /**
   * Memberships may have ended without a word for each (a TRUNCATE, or notifications this instance may have missed
   * while it could not listen): every live connection looks at its memberships again. Heard, never recorded.
   */
  MembershipsChanged: Record<never, never>;
  DocumentChanged: { projectId: number; documentId: number };
  DocumentSettingsChanged: { projectId: number; documentId: number };
  DocumentDeleted: { projectId: number; documentId: number };
  /** A classifier created or changed (its name, multiselect, or the tags it was created with). */
  ClassifierChanged: { projectId: number; classifierId: number };
  ClassifierDeleted: { projectId: number; documentId: number; classifierId: number };
  TagChanged: { projectId: number; tagId: number };
  TagDeleted: { projectId: number; classifierId: number; tagId: number };
  CategoryChanged: { projectId: number; categoryId: number };
  /** The category tree or order of a document changed. */
  CategoriesReordered: { projectId: number; documentId: number };
  CategoryDeleted: { projectId: number; categoryId: number; documentId: number };
  /**
   * Created or changed; `description` says whether the rich text changed. `sharedUpdate` (base64) is the Yjs update
   * that brought an API change of the description into the stored shared document: the live documents of every
   * instance merge it. `byCollaboration` marks the write-back of the shared document itself.
   */
  RequirementChanged: {
    projectId: number;
    requirementId: number;
    description?: boolean;
    sharedUpdate?: string;
    byCollaboration?: boolean;
  };
  /** The lists of these documents changed: order, or links of their requirements. */
  RequirementListsChanged: { projectId: number; documentIds: number[] };
  RequirementDeleted: { projectId: number; requirementId: number; documentId: number };
  /** A comment on the project or one of its elements. */
  CommentCreated: { projectId: number; commentId: number };
  /** A review started, or its feedback, verdicts, signatures or state changed (decisions §23). */
  ReviewChanged: { projectId: number; reviewId: number };
  ReviewDeleted: { projectId: number; reviewId: number };
  SessionEnded: { sessionId: number };
  /** Every session of the user ends (but `keepSessionId`), and with `tokens` every access token too. */
  UserSessionsEnded: { userId: number; keepSessionId?: number; tokens: boolean };
  AccessTokenRevoked: { tokenId: number };
};

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [Name in DomainEventName]: { name: Name } & DomainEventMap[Name] }[DomainEventName];
export type DomainEventOf<Name extends DomainEventName> = Extract<DomainEvent, { name: Name }>;
