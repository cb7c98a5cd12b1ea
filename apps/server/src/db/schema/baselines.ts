import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from '../bytea';
import { projects } from './projects';
import { users } from './users';

/**
 * Baselines (decisions §22): named snapshots of some of a project's documents, never changed. Storage grows with what
 * changed, not with the number of baselines, on two levels of sharing, both per project:
 *
 * - a requirement's state (everything a baseline shows of it but its place) is stored once per content, keyed by the
 *   SHA-256 of its fields' canonical text (`baseline_states`), and shared by every manifest that holds it;
 * - a document's content at one instant (its requirements' ids, states and places, its categories, its links and
 *   their up-to-date marks) is a manifest, keyed by the SHA-256 of those rows (`baseline_manifests`), and shared by
 *   every baseline that found the document unchanged.
 *
 * A baseline itself is one row and one row per document. Ids of requirements, categories and documents carry no
 * foreign key: a baseline outlives them. Everything cascades from the project.
 */
export const baselines = pgTable(
  'baselines',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    categoriesCount: integer('categories_count').notNull().default(0),
    requirementsCount: integer('requirements_count').notNull().default(0),
    linksCount: integer('links_count').notNull().default(0),
  },
  (t) => [
    // Unique in its project whatever its case (decisions §22), also for two creations at once.
    uniqueIndex('baselines_project_name_unique').on(t.projectId, sql`lower(${t.name})`),
    index('baselines_project_idx').on(t.projectId, t.id),
  ],
);

/** A requirement's state as kept: its JSON and the SHA-256 of its fields' canonical text (see baselines.state.ts). */
export const baselineStates = pgTable(
  'baseline_states',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    hash: bytea('hash').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('baseline_states_project_hash_unique').on(t.projectId, t.hash)],
);

/**
 * A document's content at one instant, shared by the baselines that saw it so. Its requirements and its links are
 * columns of arrays on the one row, not a row each: a row each cost a snapshot of 20,000 requirements 60,000 inserts,
 * each with its index entries and its foreign key checks (more than a third of its time, issue 35). Element `i` of
 * `requirement_ids`, `state_ids` and `positions` is one requirement (in id order); element `i` of the `link_` arrays
 * is one link (in (parent, child) order). `state_ids` carry no foreign key: a baseline's deletion drops the states no
 * manifest holds, and the project's deletion cascades to both tables.
 */
export const baselineManifests = pgTable(
  'baseline_manifests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    hash: bytea('hash').notNull(),
    requirementIds: integer('requirement_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    stateIds: integer('state_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    positions: integer('positions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    linkParentIds: integer('link_parent_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    linkChildIds: integer('link_child_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Whether each link was up to date then (decisions §6). */
    linkUpToDate: boolean('link_up_to_date')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [uniqueIndex('baseline_manifests_project_hash_unique').on(t.projectId, t.hash)],
);

/** A manifest's categories as they were (few beside the requirements: kept whole). */
export const baselineManifestCategories = pgTable(
  'baseline_manifest_categories',
  {
    manifestId: integer('manifest_id')
      .notNull()
      .references(() => baselineManifests.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    description: text('description').notNull(),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.manifestId, t.categoryId] })],
);

/** A baseline's documents: as they were named, and the manifest of their content. */
export const baselineDocuments = pgTable(
  'baseline_documents',
  {
    baselineId: integer('baseline_id')
      .notNull()
      .references(() => baselines.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').notNull(),
    manifestId: integer('manifest_id')
      .notNull()
      .references(() => baselineManifests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    description: text('description').notNull(),
    // Coverage (decisions §6) depends on whether the document had parent or child documents.
    hasParents: boolean('has_parents').notNull(),
    hasChildren: boolean('has_children').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.baselineId, t.documentId] }),
    index('baseline_documents_manifest_idx').on(t.manifestId),
  ],
);
