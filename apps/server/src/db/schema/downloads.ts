import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';
import { documents } from './working-area';

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
    /** The exported document (Word, ReqIF). */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /**
     * The project of a project-wide export (the audit trail's CSV, a baseline's Word files), with what it was asked
     * with (the filters; the baseline, its document, the baseline compared with).
     */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, unknown>>(),
    kind: text('kind', {
      enum: ['msword', 'reqif', 'audit_csv', 'baseline_msword', 'baseline_redline', 'xlsx', 'csv'],
    }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('downloads_token_hash_unique').on(t.tokenHash),
    index('downloads_document_idx').on(t.documentId),
    index('downloads_project_idx').on(t.projectId),
    index('downloads_user_idx').on(t.userId),
  ],
);
