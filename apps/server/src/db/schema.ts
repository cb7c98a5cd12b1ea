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
import type { Preferences } from '@reqloom/domain';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    // Stored lower-cased; the unique index makes e-mail addresses unique case-insensitively.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    alpha: boolean('alpha').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/** Browser sessions: the cookie carries a random token, the database only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Personal access tokens for the word-processor add-in and other API clients (Bearer). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_unique').on(t.tokenHash),
    index('access_tokens_user_id_idx').on(t.userId),
  ],
);

/** Single-use tokens sent by mail: account confirmation and password reset. */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_tokens_token_hash_unique').on(t.tokenHash), index('mail_tokens_user_id_idx').on(t.userId)],
);

/** Groups are top level; their slug shares one namespace with usernames (decisions §5). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    // Join tokens are invitation links that members copy again and again, so they are kept readable.
    joinToken: text('join_token').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('groups_slug_unique').on(t.slug)],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

export type ProjectSettings = {
  organizationName: string;
  acronymMaxSize: number;
  autoAcronymIgnoreSmallWords: boolean;
};

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type', { enum: ['user', 'group'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    acronym: text('acronym').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    joinToken: text('join_token').notNull(),
    settings: jsonb('settings').$type<Partial<ProjectSettings>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('projects_owner_slug_unique').on(t.ownerType, t.ownerId, t.slug)],
);

export const projectUsers = pgTable(
  'project_users',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);
