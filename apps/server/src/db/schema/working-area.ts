import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { TestStep } from '@reqloom/domain';
import { timestamps, version } from './columns';
import { projects } from './projects';
import { users } from './users';

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
    // When, and by whom, the name, description or status last changed (decisions §22): what makes the links to the
    // requirement's children suspect. A trigger (migration 0020) sets them on every write, as versions are, so that
    // no write path (update, restore, collaborative write-back, import) can forget them; a category change leaves
    // them. Each change lands at least a millisecond after the one before it, whatever the clock.
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    contentChangedBy: integer('content_changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('requirements_document_number_unique').on(t.documentId, t.referenceNumber),
    index('requirements_document_category_idx').on(t.documentId, t.categoryId, t.position),
    // A document's requirements by order (documentRequirementRows), without a sort.
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
    // The parent's state a person marked as reviewed (decisions §22), as the time that state was made: the parent's
    // content_changed_at as the validation read it, not the clock when it ran, so that a parent change the
    // validation did not see always lands after it. Null until the link is first validated.
    validatedAt: timestamp('validated_at', { withTimezone: true, mode: 'date' }),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    // The parents of a requirement (or of a document's requirements) come from this index with their ids;
    // the children come from the primary key (parent_id, child_id) the same way. Both also carry created_at and
    // validated_at (INCLUDE, migrations 0012 and 0020, outside this schema), so that up-to-date marks read no link's
    // heap page.
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
