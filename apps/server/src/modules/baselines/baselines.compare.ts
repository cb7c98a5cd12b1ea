import { sql } from 'drizzle-orm';
import type { BaselineComparison, ComparedRequirement } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { invalid, notFound } from '../../core/errors';
import { findBaseline } from './baselines.presenter';
import { idList, liveContentsSql, liveHashesSql, liveLinksSql, type StateContent } from './baselines.state';

/**
 * One side of a comparison: each requirement's document and stored state; the content is read only where needed. A
 * state is stored once per content in its project, so equal state ids are equal contents. Now, a requirement whose
 * content no baseline holds has no state id (null): it differs from every kept one.
 */
type Side = Map<number, { documentId: number; stateId: number | null; content: StateContent | null }>;

/** An int array as one parameter: a list of 20,000 ids is one value, not 20,000 placeholders. */
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/** The manifests of a baseline's documents, by document. */
async function manifestsOf(db: Db, baselineId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ document_id: number; manifest_id: number }>(
    await db.execute(sql`select document_id, manifest_id from baseline_documents where baseline_id = ${baselineId}`),
  );
  return new Map(rows.map((r) => [Number(r.document_id), Number(r.manifest_id)]));
}

async function baselineSide(db: Db, manifestIds: number[]): Promise<Side> {
  if (manifestIds.length === 0) return new Map();
  const rows = rowsOf<{ requirement_id: number; document_id: number; state_id: number }>(
    await db.execute(sql`select e.requirement_id, m.document_id, e.state_id from baseline_manifests m
        cross join unnest(m.requirement_ids, m.state_ids) as e(requirement_id, state_id)
       where m.id = any(${intArray(manifestIds)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.requirement_id),
      { documentId: Number(r.document_id), stateId: Number(r.state_id), content: null },
    ]),
  );
}

/**
 * Now: each requirement's stored state when a baseline holds its content (found by the hash a baseline would name it
 * by); the contents of the others are read later, only for those the comparison needs (`fillLive`).
 */
async function liveSide(db: Db, projectId: number, documentIds: number[]): Promise<Side> {
  const live = documentIds.length
    ? rowsOf<{ document_id: number; id: number; state_id: number | null }>(
        await db.execute(sql`select x.document_id, x.id, st.id as state_id
            from (${liveHashesSql(documentIds)}) x
            left join baseline_states st on st.project_id = ${projectId} and st.hash = x.hash`),
      )
    : [];
  return new Map(
    live.map((r) => [
      Number(r.id),
      { documentId: Number(r.document_id), stateId: r.state_id === null ? null : Number(r.state_id), content: null },
    ]),
  );
}

/** The live contents that no baseline holds, of the requirements the comparison needs, in one statement. */
async function fillLive(db: Db, side: Side, documentIds: number[], ids: number[]): Promise<void> {
  const wanted = ids.filter((id) => side.get(id)?.stateId === null);
  if (wanted.length === 0) return;
  const rows = rowsOf<{ id: number; content: StateContent }>(
    await db.execute(liveContentsSql(documentIds, sql`r.id = any(${intArray(wanted)})`)),
  );
  for (const row of rows) {
    const entry = side.get(Number(row.id));
    if (entry) entry.content = row.content;
  }
}

/** Reads the stored contents the comparison needs, in one statement. */
async function fillContents(db: Db, sides: Side[], ids: Iterable<number>): Promise<void> {
  const wanted = new Set<number>();
  for (const id of ids)
    for (const side of sides) {
      const entry = side.get(id);
      if (entry && !entry.content && entry.stateId !== null) wanted.add(entry.stateId);
    }
  if (wanted.size === 0) return;
  const rows = rowsOf<{ id: number; content: StateContent }>(
    await db.execute(sql`select id, content from baseline_states where id = any(${intArray([...wanted])})`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r.content]));
  for (const side of sides)
    for (const entry of side.values())
      if (!entry.content && entry.stateId !== null) entry.content = byId.get(entry.stateId) ?? null;
}

async function baselineLinks(db: Db, manifestIds: number[]) {
  if (manifestIds.length === 0) return [];
  return rowsOf<{ parent_id: number; child_id: number }>(
    await db.execute(sql`select distinct l.parent_id, l.child_id from baseline_manifests m
        cross join unnest(m.link_parent_ids, m.link_child_ids) as l(parent_id, child_id)
       where m.id = any(${intArray(manifestIds)})`),
  );
}

async function liveLinks(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return rowsOf<{ parent_id: number; child_id: number }>(
    await db.execute(sql`select distinct parent_id, child_id from (${liveLinksSql(documentIds)}) x`),
  );
}

function compared(id: number, documentId: number, c: StateContent): ComparedRequirement {
  return {
    id,
    document_id: documentId,
    reference: c.reference,
    name: c.name,
    description: c.description,
    status: c.status,
    category: c.category,
    tags: c.tags.map((t) => t[2]),
  };
}

// One collator for every comparison of a sort: `localeCompare` with options builds one per call, which made the sort
// of 20,000 changes take seconds.
const references = new Intl.Collator('en', { numeric: true });
const byPlace = (a: ComparedRequirement, b: ComparedRequirement) =>
  a.document_id - b.document_id || references.compare(a.reference, b.reference) || a.id - b.id;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Compares a baseline with a later one, or with now (`toId` null), over `documentId` or over every document either
 * side kept (against now: the baseline's documents as they are now). Requirements are matched by id (decisions §22):
 * one only on the later side is added, only on the earlier removed; one on both is changed when its name,
 * description, status, category or tags differ. Equal states skip the reading of the contents, and documents whose
 * manifest both baselines share are not read at all, so a comparison of two large baselines that differ little reads
 * little. Throws 404 for an unknown baseline, 422 on `to` for one of
 * another project.
 */
export async function compareBaselines(
  db: Db,
  fromId: number,
  toId: number | null,
  documentId?: number,
): Promise<BaselineComparison> {
  const from = await findBaseline(db, fromId);
  if (!from) throw notFound();
  const to = toId === null ? null : await findBaseline(db, toId);
  if (toId !== null && !to) throw notFound();
  if (to && to.projectId !== from.projectId) throw invalid({ to: ['validation.not_in_project'] });
  const fromManifests = await manifestsOf(db, from.id);
  const toManifests = to ? await manifestsOf(db, to.id) : new Map<number, number>();
  let documentIds: number[];
  if (documentId !== undefined) documentIds = [documentId];
  else documentIds = [...new Set([...fromManifests.keys(), ...toManifests.keys()])];
  // Two baselines that share a document's manifest hold it alike, its requirements and links: only the others are
  // read. A link with an end in such a document is in that manifest on both sides, so it is no difference either.
  if (to) documentIds = documentIds.filter((id) => fromManifests.get(id) !== toManifests.get(id));
  const manifestsIn = (manifests: Map<number, number>) =>
    documentIds.map((id) => manifests.get(id)).filter((id): id is number => id !== undefined);
  // Against now, only the documents that are still the project's.
  const liveDocuments = to
    ? []
    : rowsOf<{ id: number }>(
        await db.execute(sql`select id from documents where project_id = ${from.projectId}
            and id in (${documentIds.length ? idList(documentIds) : sql`null`})`),
      ).map((r) => Number(r.id));
  const [before, after] = await Promise.all([
    baselineSide(db, manifestsIn(fromManifests)),
    to ? baselineSide(db, manifestsIn(toManifests)) : liveSide(db, from.projectId, liveDocuments),
  ]);
  const differing = [...after.keys()].filter((id) => {
    const now = after.get(id)!.stateId;
    return now === null || before.get(id)?.stateId !== now;
  });
  const removedIds = [...before.keys()].filter((id) => !after.has(id));
  await fillContents(db, [before, after], [...differing, ...removedIds]);
  if (!to) await fillLive(db, after, liveDocuments, differing);

  const result: BaselineComparison = {
    added: [],
    removed: [],
    changed: [],
    links: { added: [], removed: [] },
    counts: { added: 0, removed: 0, changed: 0 },
  };
  for (const id of removedIds) {
    const was = before.get(id)!;
    if (was.content) result.removed.push(compared(id, was.documentId, was.content));
  }
  for (const id of differing) {
    const now = after.get(id)!;
    const was = before.get(id);
    if (!now.content) continue;
    const later = compared(id, now.documentId, now.content);
    if (!was) {
      result.added.push(later);
      continue;
    }
    if (!was.content) continue;
    const earlier = compared(id, was.documentId, was.content);
    const changes: BaselineComparison['changed'][number]['changes'] = {};
    if (earlier.name !== later.name) changes.name = { before: earlier.name, after: later.name };
    if (earlier.description !== later.description)
      changes.description = { before: earlier.description, after: later.description };
    if (earlier.status !== later.status) changes.status = { before: earlier.status, after: later.status };
    if (earlier.category !== later.category) changes.category = { before: earlier.category, after: later.category };
    if (!sameList(earlier.tags, later.tags)) changes.tags = { before: earlier.tags, after: later.tags };
    if (Object.keys(changes).length > 0) result.changed.push({ requirement: later, changes });
  }
  result.added.sort(byPlace);
  result.removed.sort(byPlace);
  result.changed.sort((a, b) => byPlace(a.requirement, b.requirement));

  const [linksBefore, linksAfter] = await Promise.all([
    baselineLinks(db, manifestsIn(fromManifests)),
    to ? baselineLinks(db, manifestsIn(toManifests)) : liveLinks(db, liveDocuments),
  ]);
  const key = (l: { parent_id: number; child_id: number }) => `${l.parent_id}:${l.child_id}`;
  const pair = (l: { parent_id: number; child_id: number }) => ({
    parent_id: Number(l.parent_id),
    child_id: Number(l.child_id),
  });
  const beforeKeys = new Set(linksBefore.map(key));
  const afterKeys = new Set(linksAfter.map(key));
  const byPair = (a: { parent_id: number; child_id: number }, b: { parent_id: number; child_id: number }) =>
    a.parent_id - b.parent_id || a.child_id - b.child_id;
  result.links.added = linksAfter
    .filter((l) => !beforeKeys.has(key(l)))
    .map(pair)
    .sort(byPair);
  result.links.removed = linksBefore
    .filter((l) => !afterKeys.has(key(l)))
    .map(pair)
    .sort(byPair);
  result.counts = { added: result.added.length, removed: result.removed.length, changed: result.changed.length };
  return result;
}
