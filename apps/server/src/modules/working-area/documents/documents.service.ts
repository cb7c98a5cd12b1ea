import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  acronymTooLong,
  ALPHA_DOCUMENT_SETTINGS,
  type AuditChanges,
  createsCycle,
  type CreateDocumentBody,
  type DocumentSettingsPatch,
  type DocumentPresented,
  type DocumentSettings,
  type UpdateDocumentBody,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { jsonbObject, jsonbParam } from '../../../db/jsonb';
import { loadDocumentForWrite, lockDocumentsOf, lockDocumentWithNeighbours, lockProject } from '../../../core/locks';
import { documentLinks, documents, requirementLinks, requirements } from '../../../db/schema';
import { conflict, forbidden, invalid, notFound, type FieldErrors } from '../../../core/errors';
import { can } from '../../../policies/policy';
import type { ProjectRow } from '../../../policies/project-access';
import { sanitizeRichText } from '../../../security/sanitize';
import type { Work } from '../../../core/work';
import { changedFields, type AuditFact } from '../../../core/audit';
import { auditLinks } from '../core/link-audit';
import type { User } from '../../../core/identity';
import { completeProjectSettings } from '../../../read/projects.presenter';
import { completeDocumentSettings, presentDocument, presentDocuments } from '../../../read/documents.presenter';

export async function projectDocuments(db: Db, projectId: number): Promise<DocumentPresented[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(asc(documents.name), asc(documents.id));
  return presentDocuments(db, rows);
}

const ACRONYM_TAKEN: FieldErrors = { acronym: ['validation.document_acronym_taken'] };

/**
 * A document's acronym is its reference and starts its requirements' references, so it is unique in its project,
 * whatever its case (issue 31). Checked under the project's lock, which serialises the document writes of a project;
 * the unique index `documents_project_acronym_unique` holds it anyway (see `acronymTaken`).
 */
async function checkAcronym(
  tx: Db,
  project: ProjectRow,
  acronym: string | undefined,
  exceptId: number | null,
  errors: FieldErrors,
): Promise<void> {
  if (acronym === undefined) return;
  const tooLong = acronymTooLong(acronym, completeProjectSettings(project.settings).acronymMaxSize);
  if (tooLong) {
    errors.acronym = [tooLong];
    return;
  }
  const [taken] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, project.id),
        sql`lower(${documents.acronym}) = lower(${acronym})`,
        exceptId === null ? undefined : ne(documents.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) Object.assign(errors, ACRONYM_TAKEN);
}

/** The unique index's refusal, should a write get past the check, answered as the check would. */
function acronymTaken(error: unknown): never {
  throw isUniqueViolation(error) ? invalid(ACRONYM_TAKEN) : error;
}

/**
 * Parents must be documents of the same project, and the document graph stays acyclic
 * (decisions §6). Errors are keyed parents_id.N, as the client expects.
 */
async function checkParents(
  db: Db,
  projectId: number,
  documentId: number | null,
  parentIds: number[],
  errors: FieldErrors,
) {
  const unique = [...new Set(parentIds)];
  const inProject = unique.length
    ? await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.projectId, projectId), inArray(documents.id, unique)))
    : [];
  const known = new Set(inProject.map((d) => d.id));
  const projectIds = (
    await db.select({ id: documents.id }).from(documents).where(eq(documents.projectId, projectId))
  ).map((d) => d.id);
  const edges = (
    projectIds.length ? await db.select().from(documentLinks).where(inArray(documentLinks.childId, projectIds)) : []
  )
    .filter((l) => l.childId !== documentId)
    .map((l): [number, number] => [l.parentId, l.childId]);
  parentIds.forEach((parentId, index) => {
    if (!known.has(parentId)) errors[`parents_id.${index}`] = ['validation.in'];
    else if (documentId !== null && createsCycle(edges, parentId, documentId))
      errors[`parents_id.${index}`] = ['validation.cycle'];
  });
}

export async function createDocument(
  work: Work,
  project: ProjectRow,
  body: CreateDocumentBody,
): Promise<{ document: DocumentPresented; projectDocuments: DocumentPresented[] }> {
  const { tx } = work;
  // The document graph is checked and changed under the project's lock: crossing edits cannot make a cycle.
  await lockProject(tx, project.id);
  // Linking it moves its parents' versions (a trigger): they are locked in id order first (db/locks.ts).
  await lockDocumentsOf(tx, project.id, body.parents_id, []);
  const errors: FieldErrors = {};
  await checkAcronym(tx, project, body.acronym, null, errors);
  await checkParents(tx, project.id, null, body.parents_id, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const [created] = await tx
    .insert(documents)
    .values({
      projectId: project.id,
      name: body.name,
      acronym: body.acronym,
      description: sanitizeRichText(body.description),
    })
    .returning()
    .catch(acronymTaken);
  const parents = [...new Set(body.parents_id)];
  if (parents.length)
    await tx.insert(documentLinks).values(parents.map((parentId) => ({ parentId, childId: created!.id })));
  work.record({ name: 'DocumentChanged', projectId: project.id, documentId: created!.id });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  const all = await projectDocuments(tx, project.id);
  const document = all.find((d) => d.id === created!.id)!;
  work.remember({ kind: 'document', value: document });
  const changes: AuditChanges = { name: { new: document.name }, acronym: { new: document.acronym } };
  if (document.description !== '') changes.description = CHANGED;
  if (parents.length) changes.parents = { new: document.parents };
  work.audit(project.id, documentFact('created', document, changes));
  return { document, projectDocuments: all };
}

export async function updateDocument(
  work: Work,
  project: ProjectRow,
  documentId: number,
  body: UpdateDocumentBody,
): Promise<DocumentPresented> {
  const { tx } = work;
  await lockProject(tx, project.id);
  await lockDocumentWithNeighbours(tx, project.id, documentId, body.parents_id ?? []);
  let document = await loadDocumentForWrite(tx, documentId);
  const before = document;
  let parentsBefore: number[] | undefined;
  let unlinked: { parentId: number; childId: number }[] = [];
  if (body.version !== undefined && body.version !== document.version) {
    throw conflict(await presentDocument(tx, document));
  }
  let removedParents: number[] = [];
  const errors: FieldErrors = {};
  await checkAcronym(tx, project, body.acronym, document.id, errors);
  if (body.parents_id) await checkParents(tx, project.id, document.id, body.parents_id, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const changes: Partial<typeof documents.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.acronym !== undefined) changes.acronym = body.acronym;
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (Object.keys(changes).length) {
    const [updated] = await tx
      .update(documents)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(documents.id, document.id))
      .returning()
      .catch(acronymTaken);
    document = updated!;
  }
  if (body.parents_id) {
    const wanted = new Set(body.parents_id);
    const current = await tx.select().from(documentLinks).where(eq(documentLinks.childId, document.id));
    parentsBefore = current.map((l) => l.parentId).sort((a, b) => a - b);
    const removed = current.filter((l) => !wanted.has(l.parentId)).map((l) => l.parentId);
    const added = [...wanted].filter((id) => !current.some((l) => l.parentId === id));
    if (removed.length) {
      await tx
        .delete(documentLinks)
        .where(and(eq(documentLinks.childId, document.id), inArray(documentLinks.parentId, removed)));
      // Unlinking a parent document removes every requirement link between the two documents.
      const parentReqs = tx
        .select({ id: requirements.id })
        .from(requirements)
        .where(inArray(requirements.documentId, removed));
      const childReqs = tx
        .select({ id: requirements.id })
        .from(requirements)
        .where(eq(requirements.documentId, document.id));
      unlinked = await tx
        .delete(requirementLinks)
        .where(and(inArray(requirementLinks.parentId, parentReqs), inArray(requirementLinks.childId, childReqs)))
        .returning({ parentId: requirementLinks.parentId, childId: requirementLinks.childId });
      removedParents = removed;
    }
    if (added.length)
      await tx.insert(documentLinks).values(added.map((parentId) => ({ parentId, childId: document.id })));
  }
  const presented = await presentDocument(tx, document);
  work.remember({ kind: 'document', value: presented });
  work.record({ name: 'DocumentChanged', projectId: project.id, documentId: document.id });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  if (body.parents_id) {
    // Coverage of the requirements of this document and of its old and new parents may have changed.
    work.record({
      name: 'RequirementListsChanged',
      projectId: project.id,
      documentIds: [document.id, ...presented.parents, ...removedParents],
    });
  }
  const audited = changedFields(before, document, ['name', 'acronym']);
  if (document.description !== before.description) audited.description = CHANGED;
  const parentsAfter = [...presented.parents].sort((a, b) => a - b);
  if (parentsBefore && parentsBefore.join() !== parentsAfter.join())
    audited.parents = { old: parentsBefore, new: parentsAfter };
  if (Object.keys(audited).length) work.audit(project.id, documentFact('updated', presented, audited));
  // The requirement links that went with a parent document, each in its child's history.
  const removed = unlinked.map((l) => ({ ...l, childDocumentId: document.id }));
  await auditLinks(work, project.id, { removed });
  return presented;
}

/** Deletes the document; categories, requirements, links and revisions go with it (foreign keys cascade). */
export async function deleteDocument(work: Work, project: ProjectRow, documentId: number): Promise<void> {
  const { tx } = work;
  await lockProject(tx, project.id);
  await lockDocumentWithNeighbours(tx, project.id, documentId);
  const document = await loadDocumentForWrite(tx, documentId, 'update');
  const neighbours = await tx
    .select()
    .from(documentLinks)
    .where(or(eq(documentLinks.parentId, document.id), eq(documentLinks.childId, document.id)));
  // What went with it, for the trail: one entry for the document, with the number of its requirements.
  const [held] = await tx.select({ n: count() }).from(requirements).where(eq(requirements.documentId, document.id));
  await tx.delete(documents).where(eq(documents.id, document.id));
  work.record(
    { name: 'DocumentDeleted', projectId: project.id, documentId: document.id },
    {
      action: 'deleted',
      entityType: 'document',
      entityId: document.id,
      reference: document.name,
      documentId: document.id,
      changes: {
        name: { old: document.name },
        acronym: { old: document.acronym },
        requirements: { old: held?.n ?? 0 },
      },
    },
  );
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  const others = neighbours.map((l) => (l.parentId === document.id ? l.childId : l.parentId));
  if (others.length) work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: others });
}

/** Merges the given settings into the stored ones in one statement: two concurrent changes both stay. */
export async function updateDocumentSettings(
  work: Work,
  project: ProjectRow,
  documentId: number,
  user: User,
  patch: DocumentSettingsPatch,
): Promise<DocumentSettings> {
  const { tx } = work;
  const document = await loadDocumentForWrite(tx, documentId);
  const current = completeDocumentSettings(document.settings);
  // Only alpha users change the table-of-evolutions options; sending the value they already have is no change.
  const alphaChange = ALPHA_DOCUMENT_SETTINGS.some((key) => key in patch && patch[key] !== current[key]);
  if (alphaChange && !can(user, { do: 'feature.alpha' })) throw forbidden();
  const [row] = await tx
    .update(documents)
    .set({ settings: sql`${jsonbObject(sql`${documents.settings}`)} || ${jsonbParam(patch)}` })
    .where(eq(documents.id, documentId))
    .returning({ settings: documents.settings });
  if (!row) throw notFound();
  const settings = completeDocumentSettings(row.settings);
  const keys = Object.keys(patch) as (keyof DocumentSettings)[];
  const changes = changedFields<Record<string, unknown>>(current, settings, keys);
  const event = { name: 'DocumentSettingsChanged', projectId: project.id, documentId } as const;
  // Sending the values already held changes nothing: no entry then.
  if (Object.keys(changes).length === 0) work.record(event);
  else work.record(event, documentFact('settings_changed', document, changes));
  return settings;
}

const CHANGED = { changed: true } as const;

/** An entry about a document, named by its name at the change (decisions §21: a document is known by its name). */
function documentFact(
  action: AuditFact['action'],
  document: { id: number; name: string },
  changes: AuditChanges,
): AuditFact {
  return {
    action,
    entityType: 'document',
    entityId: document.id,
    reference: document.name,
    documentId: document.id,
    changes,
  };
}
