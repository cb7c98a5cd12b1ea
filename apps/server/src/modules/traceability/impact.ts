import { sql } from 'drizzle-orm';
import { compareReadingOrder, IMPACT_MAX_DEPTH, requirementReference, type ImpactPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { loadCategoryTrees } from '../../read/categories.presenter';

type Row = {
  id: number;
  depth: number;
  via: number;
  document_id: number;
  document_name: string;
  document_acronym: string;
  category_id: number | null;
  reference_number: number;
  name: string;
  type: 'requirement' | 'test';
  position: number;
};

/** Whose impact it is: tests are shown to alpha users only (spec 2), as on the synaeptic map. */
export interface ImpactReader {
  tests: boolean;
}

/**
 * GET requirements/impact/{id} (decisions §22): every requirement downstream of one, each once at its smallest depth,
 * with the requirement it is reached through.
 *
 * One recursive statement over `requirement_links` (by its primary key, parent first). `union`, not `union all`:
 * each (requirement, depth, via) is walked once, so a project full of diamonds costs links × depth rows at most
 * rather than one row per path. Links cannot form a cycle (the link rules refuse one), but the walk stops at
 * IMPACT_MAX_DEPTH and never comes back to its start all the same, so a cycle slipped in by hand cannot loop it.
 * Without the alpha flag the walk does not go through tests: a test it cannot show cannot be the way to anything.
 * Of the several ways to one requirement the shortest is kept, and of equally short ones the smallest `via`, so
 * that the answer does not change from one call to the next.
 */
export async function readImpact(db: Db, requirementId: number, reader: ImpactReader): Promise<ImpactPresented> {
  const shown = reader.tests ? sql`true` : sql`r.type <> 'test'`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with recursive walk(id, depth, via) as (
        select l.child_id, 1, l.parent_id
          from requirement_links l join requirements r on r.id = l.child_id
         where l.parent_id = ${requirementId} and ${shown}
        union
        select l.child_id, w.depth + 1, w.id
          from walk w
          join requirement_links l on l.parent_id = w.id
          join requirements r on r.id = l.child_id
         where w.depth < ${IMPACT_MAX_DEPTH} and l.child_id <> ${requirementId} and ${shown}
      ),
      nearest as (
        select distinct on (id) id, depth, via from walk order by id, depth, via
      )
      select n.id, n.depth, n.via, r.document_id, d.name as document_name, d.acronym as document_acronym,
             r.category_id, r.reference_number,
             r.name, r.type, r.position
        from nearest n
        join requirements r on r.id = n.id
        join documents d on d.id = r.document_id`),
  );
  if (rows.length === 0) return [];
  const trees = await loadCategoryTrees(db, [...new Set(rows.map((r) => Number(r.document_id)))]);
  const places = rows.map((r) => ({
    row: r,
    id: Number(r.id),
    document_id: Number(r.document_id),
    category_id: r.category_id === null ? null : Number(r.category_id),
    order: Number(r.position),
  }));
  // By depth, then by document (as the project lists them: by name, then id), then in the document's reading order.
  places.sort((a, b) => {
    const byDepth = Number(a.row.depth) - Number(b.row.depth);
    if (byDepth !== 0) return byDepth;
    if (a.document_id !== b.document_id)
      return a.row.document_name.localeCompare(b.row.document_name) || a.document_id - b.document_id;
    return compareReadingOrder(trees.get(a.document_id)?.presented ?? new Map())(a, b);
  });
  return places.map(({ row, id, document_id, category_id }) => {
    const tree = trees.get(document_id);
    const prefix = (category_id !== null ? tree?.references.get(category_id) : undefined) ?? row.document_acronym;
    return {
      requirement: {
        id,
        reference: requirementReference(prefix, Number(row.reference_number)),
        name: row.name,
        document_id,
        type: row.type === 'test' ? 'test' : 'requirement',
      },
      depth: Number(row.depth),
      via: Number(row.via),
    };
  });
}
