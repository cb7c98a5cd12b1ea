import { integer, timestamp } from 'drizzle-orm/pg-core';

// Optimistic concurrency (decisions §19): 1 at creation, +1 with every change a user can see. The database moves
// it (triggers of migration 0004), so that no write path can forget it.
export const version = { version: integer('version').notNull().default(1) };

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
