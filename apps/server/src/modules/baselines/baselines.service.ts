import { asc, eq, sql } from 'drizzle-orm';
import type { BaselinePresented, CreateBaselineBody } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { isUniqueViolation } from '../../db/errors';
import { baselineDocuments, baselines, documents } from '../../db/schema';
import { invalid, invalidMessage, notFound, type FieldErrors } from '../../core/errors';
import type { AuditFact } from '../../core/audit';
import type { Work } from '../../core/work';
import type { ProjectRow } from '../../policies/project-access';
import { baselineNameTaken, findBaseline, presentBaseline } from './baselines.presenter';
import { takeSnapshot } from './baselines.snapshot';

/**
 * The isolation of a creation's unit of work: every statement of the snapshot reads the instant of the first, so that
 * a write of several rows that commits meanwhile is in the baseline wholly or not at all (decisions §22). PostgreSQL
 * keeps that instant for the transaction; PGlite runs one transaction at a time, where it holds anyway.
 */
export const SNAPSHOT_ISOLATION = 'repeatable read' as const;

const NAME_TAKEN: FieldErrors = { name: ['validation.baseline_name_taken'] };

const baselineFact = (
  baseline: { id: number; name: string },
  action: 'baseline_created' | 'baseline_deleted',
  changes: AuditFact['changes'],
): AuditFact => ({ action, entityType: 'baseline', entityId: baseline.id, reference: baseline.name, changes });

/**
 * POST baselines (decisions §22). The route runs it in a `repeatable read` unit of work: the documents, their names
 * and their content are all read at the instant of the work's first statement. The name is checked first, and the
 * unique index on (project, lower(name)) holds it against a creation that commits meanwhile (answered the same 422).
 */
export async function createBaseline(
  work: Work,
  project: ProjectRow,
  body: CreateBaselineBody,
  userId: number | null,
): Promise<BaselinePresented> {
  const { tx } = work;
  const name = body.name.trim();
  const errors: FieldErrors = {};
  if (await baselineNameTaken(tx, project.id, name)) Object.assign(errors, NAME_TAKEN);
  const own = await tx
    .select({
      id: documents.id,
      name: documents.name,
      acronym: documents.acronym,
      description: documents.description,
      hasParents: sql<boolean>`exists (select 1 from document_links dl where dl.child_id = ${documents.id})`,
      hasChildren: sql<boolean>`exists (select 1 from document_links dl where dl.parent_id = ${documents.id})`,
    })
    .from(documents)
    .where(eq(documents.projectId, project.id))
    .orderBy(asc(documents.id));
  const ownIds = new Set(own.map((d) => d.id));
  body.document_ids?.forEach((id, n) => {
    if (!ownIds.has(id)) errors[`document_ids.${n}`] = ['validation.not_in_project'];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const wanted = body.document_ids ? new Set(body.document_ids) : ownIds;
  const chosen = own.filter((d) => wanted.has(d.id));

  const snapshot = await takeSnapshot(
    tx,
    project.id,
    chosen.map((d) => d.id),
  );
  let row: typeof baselines.$inferSelect;
  try {
    [row] = (await tx
      .insert(baselines)
      .values({
        projectId: project.id,
        name,
        description: body.description ?? '',
        createdBy: userId,
        categoriesCount: snapshot.counts.categories,
        requirementsCount: snapshot.counts.requirements,
        linksCount: snapshot.counts.links,
      })
      .returning()) as [typeof baselines.$inferSelect];
  } catch (error) {
    throw isUniqueViolation(error) ? invalid(NAME_TAKEN) : error;
  }
  const manifestOf = new Map(snapshot.documents.map((d) => [d.documentId, d.manifestId]));
  if (chosen.length > 0)
    await tx.insert(baselineDocuments).values(
      chosen.map((d) => ({
        baselineId: row.id,
        documentId: d.id,
        manifestId: manifestOf.get(d.id)!,
        name: d.name,
        acronym: d.acronym,
        description: d.description,
        hasParents: d.hasParents === true,
        hasChildren: d.hasChildren === true,
      })),
    );
  work.audit(
    project.id,
    baselineFact(row, 'baseline_created', {
      name: { new: row.name },
      documents: { new: chosen.map((d) => d.name).join(', ') },
      requirements: { new: snapshot.counts.requirements },
    }),
  );
  return presentBaseline(tx, row);
}

/**
 * A baseline a review was published on is kept while the review exists (decisions §22, §23): 422, saying whether the
 * review is signed (then it is kept for good) or can be deleted first. Read on the reviews' tables, not through the
 * reviews module, which imports this one; the database refuses the deletion too (migration 0022's trigger).
 */
async function assertNotHeldBySignedReview(tx: Db, baselineId: number): Promise<void> {
  const [held] = rowsOf<{ signed: boolean }>(
    await tx.execute(sql`select exists (select 1 from review_signatures s where s.review_id = rb.review_id) as signed
      from review_baselines rb where rb.baseline_id = ${baselineId} limit 1`),
  );
  if (held) throw invalidMessage(held.signed ? 'validation.baseline_signed' : 'validation.baseline_in_review');
}

/**
 * DELETE baselines/{id} (maintainer). The route locks the project `for update`, so that no creation runs beside it:
 * a creation that found a manifest or a state could otherwise refer to one this deletion then drops. The manifests
 * and states that no other baseline shares go with it.
 */
export async function deleteBaseline(work: Work, project: ProjectRow, baselineId: number): Promise<void> {
  const { tx } = work;
  const row = await findBaseline(tx, baselineId);
  if (!row || row.projectId !== project.id) throw notFound();
  await assertNotHeldBySignedReview(tx, baselineId);
  const manifests = rowsOf<{ manifest_id: number }>(
    await tx.execute(sql`delete from baseline_documents where baseline_id = ${baselineId} returning manifest_id`),
  ).map((r) => Number(r.manifest_id));
  await tx.delete(baselines).where(eq(baselines.id, baselineId));
  if (manifests.length > 0) {
    const list = sql.join(
      manifests.map((id) => sql`${id}::int`),
      sql`, `,
    );
    // The states of the manifests about to go (those no baseline holds any more), then those manifests (their
    // categories cascade), then those states that no manifest holds any more.
    await tx.execute(sql`create temp table baseline_gone_states on commit drop as
      select distinct unnest(state_ids) as state_id from baseline_manifests m where m.id in (${list})
         and not exists (select 1 from baseline_documents bd where bd.manifest_id = m.id)`);
    await tx.execute(sql`delete from baseline_manifests m where m.id in (${list})
      and not exists (select 1 from baseline_documents bd where bd.manifest_id = m.id)`);
    // `in` is a semi-join (hashed, or spilled to disk when large); `not in` would be a list held in memory.
    await tx.execute(sql`delete from baseline_gone_states g where g.state_id in (
      select unnest(m.state_ids) from baseline_manifests m where m.project_id = ${project.id})`);
    await tx.execute(sql`delete from baseline_states s using baseline_gone_states g where s.id = g.state_id`);
  }
  work.audit(project.id, baselineFact(row, 'baseline_deleted', { name: { old: row.name } }));
}
