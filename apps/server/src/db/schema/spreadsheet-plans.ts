import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    /** The rows that can be applied, by row number: what to create or change (sheet-plan.ts, PlannedChange). */
    changes: jsonb('changes').$type<unknown[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('spreadsheet_plans_user_idx').on(t.userId), index('spreadsheet_plans_expires_idx').on(t.expiresAt)],
);
