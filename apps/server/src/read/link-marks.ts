import { sql, type SQL } from 'drizzle-orm';

// The up-to-date rule of packages/domain (isLinkUpToDate, decisions §22), computed in SQL on timestamps truncated to
// the millisecond, as JavaScript dates hold them: the answer then carries no timestamp, and none is parsed. It takes
// the aliases of the parent and child requirements and of the link; every mark (documents, requirements, the map,
// the links' list, exports, coverage) comes from here. What it reads of the link, created_at and validated_at, is in
// both link indexes (migrations 0012, 0020); greatest() passes over a validated_at that is null.
const ms = (column: string) => `date_trunc('milliseconds', ${column})`;
export const upToDateSql = (parent: string, child: string, link = 'l'): SQL =>
  sql.raw(
    `${ms(`${parent}.content_changed_at`)} <= ` +
      `greatest(${ms(`${child}.updated_at`)}, ${ms(`${link}.created_at`)}, ${ms(`${link}.validated_at`)})`,
  );

/**
 * The links of the requirements `x` that `scope` selects (a condition on `x`: their documents, or a few
 * ids), both ways, as rows (side 'p': `other` is a parent of `mine`; 'c': a child) with their up-to-date
 * marks. Each requirement's links are looked up through the link indexes (child_id, parent_id) and the
 * primary key (parent_id, child_id): `offset 0` keeps the lateral subqueries from being flattened into a
 * hash join that would read every link of the database to find a document's.
 */
export function linkMarksSql(scope: SQL): SQL {
  return sql`
    select 'p' as side, x.id as mine, s.other, s.up
      from requirements x
      cross join lateral (
        select l.parent_id as other, ${upToDateSql('o', 'x')} as up
          from requirement_links l join requirements o on o.id = l.parent_id
         where l.child_id = x.id offset 0) s
     where ${scope}
    union all
    select 'c', x.id, s.other, s.up
      from requirements x
      cross join lateral (
        select l.child_id as other, ${upToDateSql('x', 'o')} as up
          from requirement_links l join requirements o on o.id = l.child_id
         where l.parent_id = x.id offset 0) s
     where ${scope}`;
}

export type LinkMarkRow = { side: string; mine: number; other: number; up: boolean };
