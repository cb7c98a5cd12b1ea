import { sql, type SQL } from 'drizzle-orm';
import type { SuspectLinkFilters, SuspectLinkPresented, SuspectLinksQuery } from '@reqloom/domain';
import { decodeKeysetCursor, encodeKeysetCursor, microsOf, momentOf } from '../../core/keyset-cursor';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { upToDateSql } from '../../read/link-marks';
import { requirementReferences } from '../../read/audit-references';

type Row = {
  parent_id: number;
  child_id: number;
  micros: string;
  parent_name: string;
  parent_description: string;
  parent_status: number;
  parent_document_id: number;
  child_name: string;
  child_document_id: number;
  before_name: string | null;
  before_description: string | null;
  before_status: number | null;
  since: string | Date;
  changed_by_id: number | null;
  changed_by_name: string | null;
};

/** The links the filters keep (decisions §22): suspect, of the project, and tests' only for alpha users. */
function suspectConditions(projectId: number, filters: SuspectLinkFilters, options: { tests: boolean }): SQL[] {
  const where = [sql`l.project_id = ${projectId}`, sql`not (${upToDateSql('p', 'c')})`];
  if (filters.document_id !== undefined)
    where.push(sql`(p.document_id = ${filters.document_id} or c.document_id = ${filters.document_id})`);
  if (filters.changed_by !== undefined) where.push(sql`p.content_changed_by = ${filters.changed_by}`);
  if (filters.after !== undefined) where.push(sql`p.content_changed_at >= ${filters.after.toISOString()}::timestamptz`);
  if (filters.child_id !== undefined) where.push(sql`l.child_id = ${filters.child_id}`);
  // Tests are for alpha users only (spec 2): the links of one are left out for the others.
  if (!options.tests) where.push(sql`p.type = 'requirement' and c.type = 'requirement'`);
  return where;
}

const suspectFrom = sql`requirement_links l
  join requirements p on p.id = l.parent_id
  join requirements c on c.id = l.child_id`;

/** How many links the filters keep: the side bar's count, without reading a revision. */
export async function suspectLinkCount(
  db: Db,
  projectId: number,
  filters: SuspectLinkFilters,
  options: { tests: boolean },
): Promise<number> {
  const where = suspectConditions(projectId, filters, options);
  const [row] = rowsOf<{ count: number | string }>(
    await db.execute(sql`select count(*) as count from ${suspectFrom} where ${sql.join(where, sql` and `)}`),
  );
  return Number(row?.count ?? 0);
}

/**
 * One page of the project's suspect links (decisions §22), newest change of their parent first, then by parent and
 * child: a keyset on `(content_changed_at, parent_id, child_id)`, so that a link validated meanwhile neither shifts
 * nor repeats the next page. Each link's parent is shown as it was when the link was last up to date, against now:
 * that moment is the latest of the link's creation, its last validation and the child's last change, and the state
 * then is the newest of the parent's revisions made at or before it (a revision keeps a state with the time it was
 * made). A parent with no revision that old (an import's requirement, say) is shown from its oldest one.
 * `suspect_since` is when the parent first changed after that moment. The page is cut before the revisions are
 * read, so a page costs the same whatever the number of suspect links.
 */
export async function suspectLinks(
  db: Db,
  projectId: number,
  query: SuspectLinksQuery,
  options: { tests: boolean },
): Promise<{ rows: SuspectLinkPresented[]; nextCursor: string | null }> {
  const where = suspectConditions(projectId, query, options);
  if (query.cursor) {
    const { micros, ids } = decodeKeysetCursor(query.cursor, 2);
    const at = momentOf(micros);
    where.push(
      sql`(p.content_changed_at < ${at} or (p.content_changed_at = ${at} and (l.parent_id, l.child_id) > (${ids[0]}, ${ids[1]})))`,
    );
  }
  const found = rowsOf<Row>(
    await db.execute(sql`
      with s as (
        select l.parent_id, l.child_id, p.content_changed_at as changed,
               greatest(c.updated_at, l.created_at, l.validated_at) as moment
          from ${suspectFrom}
         where ${sql.join(where, sql` and `)}
         order by p.content_changed_at desc, l.parent_id, l.child_id
         limit ${query.limit + 1}
      )
      select s.parent_id, s.child_id, ${microsOf(sql`s.changed`)} as micros, p.name as parent_name,
             p.description as parent_description, p.status as parent_status, p.document_id as parent_document_id,
             c.name as child_name, c.document_id as child_document_id, b.name as before_name,
             b.description as before_description, b.status as before_status, u.id as changed_by_id,
             u.name as changed_by_name,
             coalesce((select min(v.updated_at) from revisions v
                        where v.requirement_id = p.id and v.updated_at > s.moment
                          and (v.name, v.description, v.status) is distinct from (b.name, b.description, b.status)),
                      p.content_changed_at) as since
        from s
        join requirements p on p.id = s.parent_id
        join requirements c on c.id = s.child_id
        left join users u on u.id = p.content_changed_by
        left join lateral (
          select v.name, v.description, v.status from revisions v
           where v.requirement_id = p.id
           order by v.updated_at <= s.moment desc,
                    case when v.updated_at <= s.moment then v.updated_at end desc,
                    v.updated_at, v.id desc
           limit 1) b on true
       order by s.changed desc, s.parent_id, s.child_id`),
  );
  const more = found.length > query.limit;
  const rows = more ? found.slice(0, query.limit) : found;
  const last = rows[rows.length - 1];
  const references = await requirementReferences(db, [...new Set(rows.flatMap((r) => [r.parent_id, r.child_id]))]);
  return {
    rows: rows.map((r) => present(r, references)),
    nextCursor: more && last ? encodeKeysetCursor({ micros: last.micros, ids: [last.parent_id, last.child_id] }) : null,
  };
}

function present(r: Row, references: Map<number, string>): SuspectLinkPresented {
  const changes: SuspectLinkPresented['changes'] = {};
  if (r.before_name !== null) {
    if (r.before_name !== r.parent_name) changes.name = { before: r.before_name, after: r.parent_name };
    if (r.before_description !== r.parent_description)
      changes.description = { before: r.before_description ?? '', after: r.parent_description };
    if (r.before_status !== r.parent_status)
      changes.status = { before: Number(r.before_status), after: Number(r.parent_status) };
  }
  const reference = (id: number) => references.get(id) ?? `#${id}`;
  return {
    parent: {
      id: r.parent_id,
      reference: reference(r.parent_id),
      name: r.parent_name,
      document_id: r.parent_document_id,
    },
    child: { id: r.child_id, reference: reference(r.child_id), name: r.child_name, document_id: r.child_document_id },
    suspect_since: new Date(r.since).toISOString(),
    changed_by: r.changed_by_id === null ? null : { id: r.changed_by_id, name: r.changed_by_name ?? '' },
    changes,
  };
}
