import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';
import { categories, documents, requirements } from './working-area';

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
