import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_ENTITY_TYPES, type AuditChanges } from '@reqloom/domain';
import { projects } from './projects';

/**
 * The audit trail (decisions §21): one row per change, written in the change's own transaction (core/work.ts) and
 * never updated or deleted by the application. Deleting a project deletes its rows (the cascade); the deletion itself
 * is a row without a project. The actor and the element are copied as they were, with no foreign key: the trail
 * outlives accounts and elements. Every filter of GET projects/audit has an index that serves it in `at` order.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    tokenName: text('token_name'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text('entity_type', { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: integer('entity_id'),
    entityReference: text('entity_reference'),
    documentId: integer('document_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_entries_project_at_idx').on(t.projectId, t.at.desc(), t.id.desc()),
    index('audit_entries_project_actor_idx').on(t.projectId, t.actorId, t.at.desc(), t.id.desc()),
    index('audit_entries_project_action_idx').on(t.projectId, t.action, t.at.desc(), t.id.desc()),
    index('audit_entries_project_entity_idx').on(t.projectId, t.entityType, t.at.desc(), t.id.desc()),
    index('audit_entries_element_idx')
      .on(t.projectId, t.entityType, t.entityId, t.at.desc(), t.id.desc())
      .where(sql`${t.entityId} is not null`),
  ],
);
