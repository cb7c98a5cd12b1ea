import { index, integer, jsonb, pgTable, smallint, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TestStep } from '@reqloom/domain';
import { users } from './users';
import { requirements } from './working-area';

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
