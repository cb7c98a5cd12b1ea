import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../bytea';
import { projects } from './projects';
import { users } from './users';

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
