import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Preferences, TestStep } from '@reqloom/domain';
import { bytea } from './bytea';

// Optimistic concurrency (decisions §19): 1 at creation, +1 with every change a user can see. The database moves
// it (triggers of migration 0004), so that no write path can forget it.
const version = { version: integer('version').notNull().default(1) };

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    // Stored lower-cased; the unique index makes e-mail addresses unique case-insensitively.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    alpha: boolean('alpha').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/** Browser sessions: the cookie carries a random token, the database only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Personal access tokens for the word-processor add-in and other API clients (Bearer). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_unique').on(t.tokenHash),
    index('access_tokens_user_id_idx').on(t.userId),
  ],
);

/** Single-use tokens sent by mail: account confirmation and password reset. */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_tokens_token_hash_unique').on(t.tokenHash), index('mail_tokens_user_id_idx').on(t.userId)],
);

/** Groups are top level; their slug shares one namespace with usernames (decisions §5). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    // Join tokens are invitation links that members copy again and again, so they are kept readable.
    joinToken: text('join_token').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('groups_slug_unique').on(t.slug)],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

export type ProjectSettings = {
  organizationName: string;
  acronymMaxSize: number;
  autoAcronymIgnoreSmallWords: boolean;
};

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    // 'import': the staging place of an import under way (modules/interchange/import/import-staging.ts), owned by the
    // project it goes to and member of nothing, so no one sees it until it is published.
    ownerType: text('owner_type', { enum: ['user', 'group', 'import'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    joinToken: text('join_token').notNull(),
    settings: jsonb('settings').$type<Partial<ProjectSettings>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('projects_owner_slug_unique').on(t.ownerType, t.ownerId, t.slug)],
);

export const projectUsers = pgTable(
  'project_users',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    // Reference numbers are never reused within a document: this is the next one to hand out.
    nextReferenceNumber: integer('next_reference_number').notNull().default(1),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('documents_project_idx').on(t.projectId),
    // A document's acronym is its reference: unique in its project whatever its case (issue 31, migration 0014).
    uniqueIndex('documents_project_acronym_unique').on(t.projectId, sql`lower(${t.acronym})`),
  ],
);

export const documentLinks = pgTable(
  'document_links',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('document_links_child_idx').on(t.childId)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    description: text('description').notNull().default(''),
    // Order among siblings; _lft, _rgt and address are derived from it when served.
    position: integer('position').notNull(),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('categories_document_idx').on(t.documentId),
    index('categories_parent_idx').on(t.parentId),
    // A category's reference is its parent's (or its document's) and its acronym: two siblings with one acronym
    // would share a reference (decisions §19). The root level counts as one parent.
    uniqueIndex('categories_reference_unique').on(t.documentId, sql`coalesce(${t.parentId}, 0)`, t.acronym),
  ],
);

export const requirements = pgTable(
  'requirements',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    // Who made the current state: a revision keeps it with the previous state.
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    referenceNumber: integer('reference_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(0),
    // Order within its category, or within the document root when it has none.
    position: integer('position').notNull(),
    type: text('type', { enum: ['requirement', 'test'] })
      .notNull()
      .default('requirement'),
    // Values an import brought that Reqloom has no field for (a ReqIF attribute, a foreign id), name → text: shown
    // read-only and written back by an export (decisions §14).
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    // A test's own fields (decisions §16), empty for a requirement.
    initialConditions: text('initial_conditions').notNull().default(''),
    previouslyPassedTests: jsonb('previously_passed_tests').$type<number[]>().notNull().default([]),
    steps: jsonb('steps').$type<TestStep[]>().notNull().default([]),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('requirements_document_number_unique').on(t.documentId, t.referenceNumber),
    index('requirements_document_category_idx').on(t.documentId, t.categoryId, t.position),
    // A document's requirements in reading order (documentRequirementRows), without a sort.
    index('requirements_document_position_idx').on(t.documentId, t.position, t.id),
    index('requirements_category_idx').on(t.categoryId),
  ],
);

export const requirementLinks = pgTable(
  'requirement_links',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    // The parents of a requirement (or of a document's requirements) come from this index with their ids;
    // the children come from the primary key (parent_id, child_id) the same way. Both also carry created_at
    // (INCLUDE, migration 0012, outside this schema), so that up-to-date marks read no link's heap page.
    index('requirement_links_child_parent_idx').on(t.childId, t.parentId),
    index('requirement_links_project_idx').on(t.projectId),
  ],
);

/** Earlier states of a requirement: one per API change of name, description, status or category. */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull(),
    // When that state was made (the requirement's updated_at then).
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // Newest first for one requirement, without a sort.
  (t) => [index('revisions_requirement_idx').on(t.requirementId, t.id)],
);

/** A finished run of a test (decisions §16), kept with the steps as they were run. */
export const testRuns = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    runnerId: integer('runner_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationS: integer('duration_s').notNull(),
    result: text('result', { enum: ['pass', 'fail'] }).notNull(),
    successRatio: smallint('success_ratio').notNull(),
    steps: jsonb('steps').$type<TestStep[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // Newest first for one test, without a sort.
  (t) => [index('test_runs_test_idx').on(t.testId, t.id)],
);

/**
 * The shared (Yjs) document of a requirement's description (decisions §15), as one merged update. The database keeps
 * it so that every instance, and every backup, has it; the description column stays the readable copy.
 */
export const collaborationStates = pgTable('collaboration_states', {
  requirementId: integer('requirement_id')
    .primaryKey()
    .references(() => requirements.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Images put into rich text (decisions §6, §15): kept in the database, served to the project's members only. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // The random name the HTML refers to (/api/attachments/{fileName}); it says nothing of the uploader's name.
    fileName: text('file_name').notNull(),
    originalName: text('original_name').notNull(),
    // Decided from the bytes, never from the name or the client's claim.
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attachments_file_name_unique').on(t.fileName), index('attachments_project_idx').on(t.projectId)],
);

/**
 * What a comment or a read marker is about (decisions §11): the project itself, or one of its documents, categories
 * or requirements. One nullable key per kind, so that deleting the element deletes its comments by cascade; the type
 * and id are derived from them, for lookups by (type, id).
 */
const commentable = {
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
  requirementId: integer('requirement_id').references(() => requirements.id, { onDelete: 'cascade' }),
  commentableType: text('commentable_type', { enum: ['project', 'document', 'category', 'requirement'] })
    .notNull()
    .generatedAlwaysAs(
      sql`CASE WHEN requirement_id IS NOT NULL THEN 'requirement' WHEN category_id IS NOT NULL THEN 'category' WHEN document_id IS NOT NULL THEN 'document' ELSE 'project' END`,
    ),
  commentableId: integer('commentable_id')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(requirement_id, category_id, document_id, project_id)`),
};

// At most one of the element keys is set (a category comment does not also name its document).
const oneCommentable = sql`num_nonnulls(document_id, category_id, requirement_id) <= 1`;

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    ...commentable,
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_commentable_idx').on(t.commentableType, t.commentableId, t.id),
    // has_comments of a document's requirements, and the cascades.
    index('comments_requirement_idx').on(t.requirementId),
    index('comments_document_idx').on(t.documentId),
    index('comments_category_idx').on(t.categoryId),
    index('comments_project_idx').on(t.projectId),
    check('comments_one_commentable', oneCommentable),
  ],
);

/** A user's read marker on one commentable: comments of others after it are unread. */
export const commentReads = pgTable(
  'comment_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...commentable,
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.commentableType, t.commentableId] }),
    index('comment_reads_requirement_idx').on(t.requirementId),
    index('comment_reads_document_idx').on(t.documentId),
    index('comment_reads_category_idx').on(t.categoryId),
    index('comment_reads_project_idx').on(t.projectId),
    check('comment_reads_one_commentable', oneCommentable),
  ],
);

/** A document's way of sorting its requirements into kinds (decisions §12), with its tags. */
export const classifiers = pgTable(
  'classifiers',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    multiselect: boolean('multiselect').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('classifiers_document_idx').on(t.documentId, t.id)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    classifierId: integer('classifier_id')
      .notNull()
      .references(() => classifiers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // One of the palette values of @reqloom/domain (TAG_COLORS), checked by the API.
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // A title is unique in its classifier whatever its letter case (decisions §12), also under concurrent creation.
  (t) => [uniqueIndex('tags_classifier_title_unique').on(t.classifierId, sql`lower(${t.title})`)],
);

/** Which tags a requirement holds. Deleting a tag or its classifier takes it off every requirement by cascade. */
export const requirementTags = pgTable(
  'requirement_tags',
  {
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requirementId, t.tagId] }), index('requirement_tags_tag_idx').on(t.tagId)],
);

/**
 * One-time links to an export (decisions §6): the token is stored hashed, like a session's; the file is built when
 * the link is followed, by the user it was made for, while they still belong to the document's project.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['msword', 'reqif'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('downloads_token_hash_unique').on(t.tokenHash),
    index('downloads_document_idx').on(t.documentId),
    index('downloads_user_idx').on(t.userId),
  ],
);

// Kept apart so that this file stays small; re-exported so that drizzle-kit and `schema` see one schema.
export * from './schema-collaboration-log';
