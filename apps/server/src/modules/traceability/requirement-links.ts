import { sql } from 'drizzle-orm';
import type { RequirementLinkPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { linkMarksSql, upToDateSql, type LinkMarkRow } from '../../read/link-marks';

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
      ? sql`select l.parent_id, l.child_id, ${upToDateSql('p', 'c')} as up
              from requirement_links l
              join requirements p on p.id = l.parent_id
              join requirements c on c.id = l.child_id
             where l.project_id = ${projectId}`
      : linkMarksSql(
          sql`x.document_id = ${documentId} and exists (select 1 from documents d where d.id = x.document_id and d.project_id = ${projectId})`,
        );
  if (documentId === undefined) {
    const rows = rowsOf<{ parent_id: number; child_id: number; up: boolean }>(await db.execute(query));
    return rows.map((l) => ({
      parent_id: Number(l.parent_id),
      child_id: Number(l.child_id),
      project_id: projectId,
      upToDate: l.up === true,
    }));
  }
  return rowsOf<LinkMarkRow>(await db.execute(query)).map((l) => ({
    parent_id: Number(l.side === 'p' ? l.other : l.mine),
    child_id: Number(l.side === 'p' ? l.mine : l.other),
    project_id: projectId,
    upToDate: l.up === true,
  }));
}
