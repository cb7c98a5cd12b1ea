import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { idList, liveContentsSql, liveHashesSql, liveLinksSql } from './baselines.state';

export type SnapshotDocument = { documentId: number; manifestId: number };
export type Snapshot = {
  documents: SnapshotDocument[];
  counts: { categories: number; requirements: number; links: number };
};

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * Takes the documents' content into a baseline's storage, in the caller's transaction (decisions §22). The caller runs
 * it in a `repeatable read` transaction, so that every statement here reads the one instant of the first: a write of
 * several rows that commits meanwhile is wholly out of the baseline, or was wholly in before it began.
 *
 * Everything happens in the database (INSERT … SELECT through three temporary tables dropped at commit): the states
 * and their hashes, the documents' manifests and their hashes, then only what is new. A document found unchanged since
 * an earlier baseline reuses that baseline's manifest, and an unchanged requirement in a changed document reuses its
 * state: storage grows with what changed.
 */
export async function takeSnapshot(tx: Db, projectId: number, documentIds: number[]): Promise<Snapshot> {
  if (documentIds.length === 0) return { documents: [], counts: { categories: 0, requirements: 0, links: 0 } };
  const docs = idList(documentIds);
  await tx.execute(sql`create temp table baseline_snap on commit drop as ${liveHashesSql(documentIds)}`);
  await tx.execute(sql`create temp table baseline_snap_links on commit drop as ${liveLinksSql(documentIds)}`);
  // Temporary tables are never analysed by autovacuum: without statistics the joins below were planned as nested
  // loops over 20,000 rows.
  await tx.execute(sql`analyze baseline_snap`);
  await tx.execute(sql`analyze baseline_snap_links`);
  // The JSON is built only for the states not stored yet: a baseline of an unchanged project builds none.
  const unseen = sql`r.id in (select s.id from baseline_snap s where not exists (
      select 1 from baseline_states st where st.project_id = ${projectId} and st.hash = s.hash))`;
  await tx.execute(sql`insert into baseline_states (project_id, hash, content)
      select distinct on (hash) ${projectId}::int, hash, content from (${liveContentsSql(documentIds, unseen)}) x
       order by hash
      on conflict (project_id, hash) do nothing`);
  // A manifest's hash covers the document's id, its requirements (id, state, place), its categories and its links:
  // equal hashes, equal content. Lists are in id order, so that the text does not depend on a plan.
  await tx.execute(sql`create temp table baseline_snap_docs on commit drop as
    select d.id as document_id, null::int as manifest_id, false as fresh, sha256(convert_to(d.id || '|' ||
      coalesce((select string_agg(s.id || ':' || encode(s.hash, 'hex') || ':' || s.position, ',' order by s.id)
                  from baseline_snap s where s.document_id = d.id), '') || '|' ||
      coalesce((select string_agg(jsonb_build_array(c.id, c.parent_id, c.position, c.name, c.acronym, c.description,
                         c.version, ${sql.raw(ms('c.created_at'))}, ${sql.raw(ms('c.updated_at'))})::text, ',' order by c.id)
                  from categories c where c.document_id = d.id), '') || '|' ||
      coalesce((select string_agg(l.parent_id || ':' || l.child_id || ':' || l.up, ',' order by l.parent_id, l.child_id)
                  from baseline_snap_links l where l.document_id = d.id), ''), 'UTF8')) as hash
      from documents d where d.id in (${docs})`);
  await tx.execute(sql`analyze baseline_snap_docs`);
  const fresh = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into baseline_manifests (project_id, document_id, hash)
      select ${projectId}::int, document_id, hash from baseline_snap_docs
      on conflict (project_id, hash) do nothing returning id`),
  ).map((r) => Number(r.id));
  await tx.execute(
    sql`update baseline_snap_docs d set manifest_id = m.id, fresh = m.id in (${
      fresh.length ? idList(fresh) : sql`null`
    }) from baseline_manifests m where m.project_id = ${projectId} and m.hash = d.hash`,
  );
  if (fresh.length > 0) {
    await tx.execute(sql`insert into baseline_manifest_requirements (manifest_id, requirement_id, state_id, position)
      select d.manifest_id, s.id, st.id, s.position
        from baseline_snap s
        join baseline_snap_docs d on d.document_id = s.document_id and d.fresh
        join baseline_states st on st.project_id = ${projectId} and st.hash = s.hash`);
    await tx.execute(sql`insert into baseline_manifest_categories
        (manifest_id, category_id, parent_id, position, name, acronym, description, version, created_at, updated_at)
      select d.manifest_id, c.id, c.parent_id, c.position, c.name, c.acronym, c.description, c.version,
             c.created_at, c.updated_at
        from categories c join baseline_snap_docs d on d.document_id = c.document_id and d.fresh`);
    await tx.execute(sql`insert into baseline_manifest_links (manifest_id, parent_id, child_id, up_to_date)
      select d.manifest_id, l.parent_id, l.child_id, l.up
        from baseline_snap_links l join baseline_snap_docs d on d.document_id = l.document_id and d.fresh`);
  }
  const [counts] = rowsOf<{ categories: number; requirements: number; links: number }>(
    await tx.execute(sql`select
      (select count(*) from categories where document_id in (${docs}))::int as categories,
      (select count(*) from baseline_snap)::int as requirements,
      (select count(*) from (select distinct parent_id, child_id from baseline_snap_links) x)::int as links`),
  );
  const documents = rowsOf<{ document_id: number; manifest_id: number }>(
    await tx.execute(sql`select document_id, manifest_id from baseline_snap_docs order by document_id`),
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
