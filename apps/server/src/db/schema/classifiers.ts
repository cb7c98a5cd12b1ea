import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documents, requirements } from './working-area';

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
