import { sql } from 'drizzle-orm';
import {
  check,
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
import { PROJECT_ROLES } from '@reqloom/domain';
import { timestamps } from './columns';
import { users } from './users';

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
    // 'import': the staging place of an import under way (modules/interchange/import/import-staging.ts), owned by the
    // project it goes to and member of nothing, so no one sees it until it is published.
    ownerType: text('owner_type', { enum: ['user', 'group', 'import'] }).notNull(),
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
    /** The member's role (decisions §20). No default: every path that makes a member says which role it gives. */
    role: text('role', { enum: PROJECT_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_users_user_idx').on(t.userId),
    check('project_users_role_known', sql`${t.role} in ('viewer', 'reviewer', 'editor', 'maintainer')`),
  ],
);
