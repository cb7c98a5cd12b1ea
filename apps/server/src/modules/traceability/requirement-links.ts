import { sql } from 'drizzle-orm';
import type { RequirementLinkPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';

// The up-to-date rule of packages/domain (isLinkUpToDate), computed in SQL on milliseconds as
// JavaScript dates hold them: the answer then carries no timestamp, and none is parsed.
const upToDate = (parent: string, child: string) =>
  sql.raw(
    `date_trunc('milliseconds', ${parent}.updated_at) <= ` +
      `greatest(date_trunc('milliseconds', ${child}.updated_at), date_trunc('milliseconds', l.created_at))`,
  );

/**
 * GET projects/requirementlinks/{id}: the project's requirement links with their up-to-date marks, or,
 * with `documentId`, only those with one side in that document (each side found by its index). Only
 * links of the project are read: a document of another project gives nothing.
 */
export async function projectRequirementLinks(
  db: Db,
  projectId: number,
  documentId?: number,
): Promise<RequirementLinkPresented[]> {
  const query =
    documentId === undefined
      ? sql`select l.parent_id, l.child_id, ${upToDate('p', 'c')} as up
              from requirement_links l
              join requirements p on p.id = l.parent_id
              join requirements c on c.id = l.child_id
             where l.project_id = ${projectId}`
      : sql`select l.parent_id, l.child_id, ${upToDate('o', 'x')} as up
              from requirements x
              join requirement_links l on l.child_id = x.id
              join requirements o on o.id = l.parent_id
             where x.document_id = ${documentId} and l.project_id = ${projectId}
            union all
            select l.parent_id, l.child_id, ${upToDate('x', 'o')}
              from requirements x
              join requirement_links l on l.parent_id = x.id
              join requirements o on o.id = l.child_id
             where x.document_id = ${documentId} and l.project_id = ${projectId}`;
  const rows = rowsOf<{ parent_id: number; child_id: number; up: boolean }>(await db.execute(query));
  return rows.map((l) => ({
    parent_id: Number(l.parent_id),
    child_id: Number(l.child_id),
    project_id: projectId,
    upToDate: l.up === true,
  }));
}
