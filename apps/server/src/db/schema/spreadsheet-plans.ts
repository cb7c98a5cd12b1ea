import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';
import { documents } from './working-area';

/**
 * A spreadsheet import's dry run (decisions §24), kept for its caller for 30 minutes until applied. In the database,
 * not in memory: behind a proxy, the apply may reach another instance than the dry run did. `fingerprint` is the
 * document's state when planned (its requirements', categories' and tags' versions): another one at the apply → 409.
 */
export const spreadsheetPlans = pgTable(
  'spreadsheet_plans',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The document a plan updates; none for a new document's plan, which names its project instead. */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** A new document's plan (from another tool's sheet): the project it goes into, and the document's name. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    documentName: text('document_name'),
    fingerprint: text('fingerprint').notNull(),
    /** The rows that can be applied, by row number: what to create or change (sheet-plan.ts, PlannedChange). */
    changes: jsonb('changes').$type<unknown[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('spreadsheet_plans_user_idx').on(t.userId), index('spreadsheet_plans_expires_idx').on(t.expiresAt)],
);
