import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { CONTENT, idList, liveFieldsSql, liveLinksSql } from './baselines.state';

export type SnapshotDocument = { documentId: number; manifestId: number };
export type Snapshot = {
  documents: SnapshotDocument[];
  counts: { categories: number; requirements: number; links: number };
};

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The memory of the snapshot's sorts and hashes, for its transaction only. At the default 4 MB the hash of 20,000
 * requirements' fields went to disk in two batches, and so did the sort of their JSON (issue 35).
 */
export const SNAPSHOT_WORK_MEM = sql.raw(`set local work_mem = '64MB'`);

/**
 * Takes the documents' content into a baseline's storage, in the caller's transaction (decisions §22). The caller runs
 * it in a `repeatable read` transaction, so that every statement here reads the one instant of the first: a write of
 * several rows that commits meanwhile is wholly out of the baseline, or was wholly in before it began.
 *
 * Everything happens in the database (INSERT … SELECT through temporary tables dropped at commit): the requirements'
 * fields are read once, with their states' hashes; the JSON is built only for the states not stored yet; then each
 * document's manifest hash, and only the manifests not stored yet are written, one row per document with its
 * requirements and links as arrays. A document found unchanged since an earlier baseline reuses that baseline's
 * manifest, and an unchanged requirement in a changed document reuses its state: storage grows with what changed.
 */
export async function takeSnapshot(tx: Db, projectId: number, documentIds: number[]): Promise<Snapshot> {
  if (documentIds.length === 0) return { documents: [], counts: { categories: 0, requirements: 0, links: 0 } };
  const docs = idList(documentIds);
  await tx.execute(SNAPSHOT_WORK_MEM);
  // Each requirement's fields and hash, and its stored state when there is one already.
  await tx.execute(sql`create temp table baseline_snap on commit drop as
    select f.*, st.id as state_id from (${liveFieldsSql(documentIds)}) f
      left join baseline_states st on st.project_id = ${projectId} and st.hash = f.hash`);
  // Not analysed: no statement below reads `baseline_states` beside a table it grows (the nested loops that statistics
  // once avoided), and the analysis of the wide rows cost 0.2–0.3 s (issue 35).
  // The states not stored yet, read from the snapshot alone: an insert that also read `baseline_states` (not exists)
  // was planned as a nested loop over the table it grew, 20,000 times. `on conflict do nothing` also takes one of two
  // requirements of equal content in this very statement.
  await tx.execute(sql`insert into baseline_states (project_id, hash, content)
      select ${projectId}::int, s.hash, ${CONTENT} from baseline_snap s where s.state_id is null
      on conflict (project_id, hash) do nothing`);
  await tx.execute(sql`create temp table baseline_snap_links on commit drop as ${liveLinksSql(documentIds)}`);
  // A manifest's hash covers the document's id, its requirements (id, state, place), its categories and its links:
  // equal hashes, equal content. Lists are in id order, so that the text does not depend on a plan.
  await tx.execute(sql`create temp table baseline_snap_docs on commit drop as
    with e as (
      select document_id, string_agg(id || ':' || encode(hash, 'hex') || ':' || position, ',' order by id) as text
        from baseline_snap group by document_id),
    c as (
      select document_id, string_agg(jsonb_build_array(id, parent_id, position, name, acronym, description, version,
               ${sql.raw(ms('created_at'))}, ${sql.raw(ms('updated_at'))})::text, ',' order by id) as text
        from categories where document_id in (${docs}) group by document_id),
    l as (
      select document_id, string_agg(parent_id || ':' || child_id || ':' || up, ',' order by parent_id, child_id) as text
        from baseline_snap_links group by document_id)
    select d.id as document_id, sha256(convert_to(d.id || '|' || coalesce(e.text, '') || '|' || coalesce(c.text, '')
             || '|' || coalesce(l.text, ''), 'UTF8')) as hash
      from documents d
      left join e on e.document_id = d.id
      left join c on c.document_id = d.id
      left join l on l.document_id = d.id
     where d.id in (${docs})`);
  // The manifests not stored yet, with their requirements (state ids found by hash) and links as arrays in id order.
  const fresh = rowsOf<{ id: number; document_id: number }>(
    await tx.execute(sql`with new as (
        select d.document_id, d.hash from baseline_snap_docs d
         where not exists (select 1 from baseline_manifests m where m.project_id = ${projectId} and m.hash = d.hash)),
      e as (
        select s.document_id, array_agg(s.id order by s.id) as ids,
               array_agg(coalesce(s.state_id, st.id) order by s.id) as states, array_agg(s.position order by s.id) as positions
          from baseline_snap s
          left join baseline_states st on s.state_id is null and st.project_id = ${projectId} and st.hash = s.hash
         where s.document_id in (select document_id from new)
         group by s.document_id),
      l as (
        select document_id, array_agg(parent_id order by parent_id, child_id) as parents,
               array_agg(child_id order by parent_id, child_id) as children,
               array_agg(up order by parent_id, child_id) as up
          from baseline_snap_links where document_id in (select document_id from new)
         group by document_id)
      insert into baseline_manifests (project_id, document_id, hash, requirement_ids, state_ids, positions,
          link_parent_ids, link_child_ids, link_up_to_date)
      select ${projectId}::int, n.document_id, n.hash, coalesce(e.ids, '{}'), coalesce(e.states, '{}'),
             coalesce(e.positions, '{}'), coalesce(l.parents, '{}'), coalesce(l.children, '{}'), coalesce(l.up, '{}')
        from new n
        left join e on e.document_id = n.document_id
        left join l on l.document_id = n.document_id
      on conflict (project_id, hash) do nothing
      returning id, document_id`),
  );
  if (fresh.length > 0)
    await tx.execute(sql`insert into baseline_manifest_categories
        (manifest_id, category_id, parent_id, position, name, acronym, description, version, created_at, updated_at)
      select m.id, c.id, c.parent_id, c.position, c.name, c.acronym, c.description, c.version, c.created_at,
             c.updated_at
        from categories c
        join (select * from unnest(${`{${fresh.map((f) => Number(f.id)).join(',')}}`}::int[],
                                   ${`{${fresh.map((f) => Number(f.document_id)).join(',')}}`}::int[])
                as x(id, document_id)) m on m.document_id = c.document_id`);
  const [counts] = rowsOf<{ categories: number; requirements: number; links: number }>(
    await tx.execute(sql`select
      (select count(*) from categories where document_id in (${docs}))::int as categories,
      (select count(*) from baseline_snap)::int as requirements,
      (select count(*) from (select distinct parent_id, child_id from baseline_snap_links) x)::int as links`),
  );
  const documents = rowsOf<{ document_id: number; manifest_id: number }>(
    await tx.execute(sql`select d.document_id, m.id as manifest_id from baseline_snap_docs d
        join baseline_manifests m on m.project_id = ${projectId} and m.hash = d.hash order by d.document_id`),
  ).map((r) => ({ documentId: Number(r.document_id), manifestId: Number(r.manifest_id) }));
  return {
    documents,
    counts: {
      categories: Number(counts?.categories ?? 0),
      requirements: Number(counts?.requirements ?? 0),
      links: Number(counts?.links ?? 0),
    },
  };
}
