import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../bytea';
import { users } from './users';
import { requirements } from './working-area';

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

/**
 * Every Yjs update a client sent to a shared description, written before the server acknowledges it (decisions
 * §26): the acknowledgement is what the editor shows as "All changes saved", and the state itself is stored only
 * up to 2 s later. Opening the document applies these rows after `collaboration_states`; each store folds them in
 * and deletes them in the same transaction, so the log holds at most a few seconds of typing per document.
 */
export const collaborationUpdates = pgTable(
  'collaboration_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
    // Who sent it: a write-back that only recovers the log (after a crash) is credited to the last of them.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // A document's rows in the order they were applied, without a sort.
  (t) => [index('collaboration_updates_requirement_idx').on(t.requirementId, t.id)],
);
