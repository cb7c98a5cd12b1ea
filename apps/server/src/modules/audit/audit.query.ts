import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilters, AuditQuery } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { microsOf, momentOf } from '../../core/keyset-cursor';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

export type AuditRow = typeof auditEntries.$inferSelect & { micros: string };

const a = auditEntries;
/** The moment of an entry in microseconds since 1970, exact: what its cursor keeps. */
const micros = microsOf(a.at);
/**
 * Newest first, in the order of the indexes (`desc nulls last`, as drizzle writes them): a plain `desc` means nulls
 * first, which no index matches, and PostgreSQL then sorts the whole project's trail for each page.
 */
const newestFirst = [sql`${a.at} desc nulls last`, sql`${a.id} desc nulls last`];

/** The conditions of the filters: each is served by one of the table's indexes, in the order of `at` (db/schema/audit). */
export function auditConditions(projectId: number, filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [eq(a.projectId, projectId)];
  if (filters.after) conditions.push(gte(a.at, filters.after));
  if (filters.before) conditions.push(lt(a.at, filters.before));
  if (filters.actor_id !== undefined) conditions.push(eq(a.actorId, filters.actor_id));
  if (filters.entity_type) conditions.push(eq(a.entityType, filters.entity_type));
  if (filters.entity_id !== undefined) conditions.push(eq(a.entityId, filters.entity_id));
  if (filters.action) conditions.push(eq(a.action, filters.action));
  return conditions;
}

/**
 * One page of a project's trail, newest first, after the cursor (keyset paging: the same cost on page 1 and page
 * 20,000). Reads one row more than the page to know whether another follows.
 */
export async function auditPage(
  db: Db,
  projectId: number,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const conditions = auditConditions(projectId, query);
  if (query.cursor) {
    const cursor = decodeAuditCursor(query.cursor);
    conditions.push(sql`(${a.at}, ${a.id}) < (${momentOf(cursor.micros)}, ${cursor.id})`);
  }
  const rows = await db
    .select({ ...getColumns(), micros })
    .from(a)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeAuditCursor({ micros: last.micros, id: last.id }) : null };
}

/** Every entry of the filters, newest first, in batches read by keyset: what the CSV export streams. */
export async function* auditBatches(
  db: Db,
  projectId: number,
  filters: AuditFilters,
  batchSize = 1000,
): AsyncGenerator<AuditRow[]> {
  let cursor: { micros: string; id: number } | null = null;
  for (;;) {
    const conditions = auditConditions(projectId, filters);
    if (cursor) conditions.push(sql`(${a.at}, ${a.id}) < (${momentOf(cursor.micros)}, ${cursor.id})`);
    const rows: AuditRow[] = await db
      .select({ ...getColumns(), micros })
      .from(a)
      .where(and(...conditions))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { micros: last.micros, id: last.id };
  }
}

function getColumns() {
  return {
    id: a.id,
    projectId: a.projectId,
    at: a.at,
    actorType: a.actorType,
    actorId: a.actorId,
    actorName: a.actorName,
    tokenName: a.tokenName,
    action: a.action,
    entityType: a.entityType,
    entityId: a.entityId,
    entityReference: a.entityReference,
    documentId: a.documentId,
    changes: a.changes,
  };
}
