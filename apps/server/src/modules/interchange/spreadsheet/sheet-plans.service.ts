import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  SPREADSHEET_PLAN_TTL_MS,
  type ApplySpreadsheetBody,
  type Language,
  type SpreadsheetPlanAnswer,
} from '@reqloom/domain';
import type { User } from '../../../core/identity';
import type { Work } from '../../../core/work';
import type { Db } from '../../../db/client';
import { conflict, invalid, notFound } from '../../../core/errors';
import { lockDocuments } from '../../../core/locks';
import { documents, requirements, spreadsheetPlans } from '../../../db/schema';
import { rowsOf } from '../../../db/prepared';
import type { ProjectRow } from '../../../policies/project-access';
import { createRequirement, updateRequirement } from '../../working-area/requirements/requirements.service';
import { writeImport, type Step } from '../import/import-writer';
import { documentNameOf } from './foreign-sheet';
import { planForeignSheet, type PlannedNewRow } from './foreign-sheet-plan';
import { loadDocumentSheet } from './sheet-data';
import { planSheet, type PlannedChange } from './sheet-plan';
import type { Sheet } from './sheet-read';

/**
 * The document's state a plan is made against: its requirements', categories' and tags' ids and versions in one
 * digest. A change to any of them between the dry run and the apply makes the apply 409 (decisions §24).
 */
async function fingerprintOf(db: Db, documentId: number): Promise<string> {
  const result = await db.execute(sql`select md5(
      coalesce((select string_agg(id || ':' || version, ',' order by id) from requirements where document_id = ${documentId}), '')
      || '|' || coalesce((select string_agg(id || ':' || version, ',' order by id) from categories where document_id = ${documentId}), '')
      || '|' || coalesce((select string_agg(t.id || ':' || t.title, ',' order by t.id) from tags t
                          join classifiers c on c.id = t.classifier_id where c.document_id = ${documentId}), '')
    ) as f`);
  return rowsOf<{ f: string }>(result)[0]!.f;
}

/** The requirements of the document's project among `ids` (an id of another document, not another project's). */
const inProject = (db: Db, projectId: number) => async (ids: number[]) => {
  const rows = await db
    .select({ id: requirements.id })
    .from(requirements)
    .innerJoin(documents, eq(documents.id, requirements.documentId))
    .where(and(eq(documents.projectId, projectId), inArray(requirements.id, ids)));
  return new Set(rows.map((r) => r.id));
};

/** The dry run (decisions §24): reads the document, plans the sheet against it and keeps the plan; changes nothing. */
export async function planImport(
  db: Db,
  user: User,
  documentId: number,
  sheet: Sheet,
  lang: Language,
  now = new Date(),
): Promise<SpreadsheetPlanAnswer['data']> {
  const fingerprint = await fingerprintOf(db, documentId);
  const doc = await loadDocumentSheet(db, documentId, lang);
  const { rows, changes } = await planSheet(sheet, doc, lang, inProject(db, doc.document.projectId));
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + SPREADSHEET_PLAN_TTL_MS);
  await db.insert(spreadsheetPlans).values({ id, userId: user.id, documentId, fingerprint, changes, expiresAt });
  // Plans nobody applied go with the next one made.
  await db.delete(spreadsheetPlans).where(lt(spreadsheetPlans.expiresAt, now));
  return { plan_id: id, document_id: documentId, expires_at: expiresAt.toISOString(), rows };
}

/**
 * The dry run of a new document from another tool's sheet (decisions §24): the rows it would create, kept as a plan
 * of the project (no document yet, so no fingerprint: nothing it reads can change meanwhile). Changes nothing.
 */
export async function planNewDocumentImport(
  db: Db,
  user: User,
  projectId: number,
  sheet: Sheet,
  fileName: string,
  lang: Language,
  now = new Date(),
): Promise<SpreadsheetPlanAnswer['data']> {
  const { rows, changes } = planForeignSheet(sheet, lang);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + SPREADSHEET_PLAN_TTL_MS);
  const documentName = documentNameOf(fileName);
  await db
    .insert(spreadsheetPlans)
    .values({ id, userId: user.id, projectId, documentName, fingerprint: '', changes, expiresAt });
  await db.delete(spreadsheetPlans).where(lt(spreadsheetPlans.expiresAt, now));
  return { plan_id: id, document_id: null, document_name: documentName, expires_at: expiresAt.toISOString(), rows };
}

/** The project of a plan (its document's, or a new document's), for the access check of the apply; any caller's. */
export async function projectOfPlan(db: Db, planId: string): Promise<number | null> {
  const [row] = await db
    .select({ documentProject: documents.projectId, newDocumentProject: spreadsheetPlans.projectId })
    .from(spreadsheetPlans)
    .leftJoin(documents, eq(documents.id, spreadsheetPlans.documentId))
    .where(eq(spreadsheetPlans.id, planId))
    .limit(1);
  return row?.documentProject ?? row?.newDocumentProject ?? null;
}

/**
 * Creates the new document of a plan with its chosen rows, in the apply's one unit of work: the import writer's steps
 * (staging project, then publish) all run in it, so a failure leaves nothing. A left-out row is not created; a row
 * whose Parent named it keeps that Parent as the text it read (a sheet's own tree is never a link, decisions §24).
 */
async function applyNewDocument(
  work: Work,
  user: User,
  project: ProjectRow,
  plan: { documentName: string | null; changes: unknown[] },
  rows: number[],
) {
  const planned = new Map((plan.changes as PlannedNewRow[]).map((c) => [c.row, c.node]));
  const nodes = rows.map((row) => planned.get(row)!);
  // Every step in this one transaction. After a failure the writer's clean-up step is skipped: the rollback takes the
  // staging project too, and on PostgreSQL a statement in the aborted transaction would hide the first error.
  let failed = false;
  const inThisWork: Step = async <T>(fn: (w: Work) => Promise<T>): Promise<T> => {
    if (failed) return undefined as T;
    try {
      return await fn(work);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const result = await writeImport(
    inThisWork,
    project,
    user.id,
    {
      documents: [{ name: plan.documentName ?? 'Spreadsheet', classifiers: [], nodes }],
      links: [],
      images: [],
      skipped: [],
    },
    { file: plan.documentName ?? 'Spreadsheet', format: 'xlsx' },
  );
  return { created: nodes.length, updated: 0, unchanged: 0, document_id: result.documents[0]!.id };
}

/**
 * Applies the chosen rows of the caller's plan in the request's one unit of work, through the requirement services
 * (revisions, audit entries and realtime events as for any change). The document is locked, then compared with the
 * plan's fingerprint: changed since → 409 and nothing applied. The plan is used up.
 */
export async function applyPlan(
  work: Work,
  user: User,
  project: ProjectRow,
  body: ApplySpreadsheetBody,
  now = new Date(),
) {
  const [plan] = await work.tx
    .delete(spreadsheetPlans)
    .where(
      and(
        eq(spreadsheetPlans.id, body.plan_id),
        eq(spreadsheetPlans.userId, user.id),
        gt(spreadsheetPlans.expiresAt, now),
      ),
    )
    .returning();
  if (!plan) throw notFound();
  const planned = new Map((plan.changes as PlannedChange[]).map((c) => [c.row, c]));
  const wrong = [...new Set(body.rows)].filter((row) => !planned.has(row));
  if (wrong.length)
    throw invalid({ rows: wrong.slice(0, 20).map((row) => ({ key: 'sheet.plan_row', params: { value: row } })) });
  const chosen = [...new Set(body.rows)].sort((a, b) => a - b);
  if (plan.documentId === null) {
    // The access check found the plan's project; a plan of another project than the loaded one is not this one's.
    if (plan.projectId !== project.id) throw notFound();
    return applyNewDocument(work, user, project, plan, chosen);
  }
  await lockDocuments(work.tx, [plan.documentId]);
  if ((await fingerprintOf(work.tx, plan.documentId)) !== plan.fingerprint) throw conflict(null);

  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const row of chosen) {
    const change = planned.get(row)!;
    if (change.requirementId === undefined) {
      const { tags_id, ...fields } = change.body;
      const created = await createRequirement(work, user, project, {
        document_id: plan.documentId,
        category_id: fields.category_id ?? null,
        name: fields.name!,
        description: fields.description ?? '',
        status: fields.status,
      });
      if (tags_id?.length) await updateRequirement(work, user, project, created.id, { tags_id });
      counts.created += 1;
    } else {
      await updateRequirement(work, user, project, change.requirementId, { ...change.body, version: change.version });
      counts.updated += 1;
    }
  }
  return { ...counts, document_id: plan.documentId };
}
