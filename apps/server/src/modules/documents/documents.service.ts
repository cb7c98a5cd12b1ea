import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  createsCycle,
  type CreateDocumentBody,
  type DocumentPresented,
  type DocumentSettings,
  type UpdateDocumentBody,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { lockProject } from '../../db/locks';
import { documentLinks, documents, requirementLinks, requirements } from '../../db/schema';
import { invalid, type FieldErrors } from '../../http/errors';
import type { ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import { completeSettings } from '../projects/projects.presenter';
import {
  completeDocumentSettings,
  documentById,
  presentDocument,
  presentDocuments,
  type DocumentRow,
} from './documents.presenter';

export async function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return documentById(db, id);
}

export async function projectDocuments(db: Db, projectId: number): Promise<DocumentPresented[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(asc(documents.name), asc(documents.id));
  return presentDocuments(db, rows);
}

function checkAcronym(project: ProjectRow, acronym: string | undefined, errors: FieldErrors): void {
  const max = completeSettings(project.settings).acronymMaxSize;
  if (acronym !== undefined && acronym.length > max)
    errors.acronym = [{ key: 'validation.acronym_max', params: { max } }];
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
  ctx: AppContext,
  project: ProjectRow,
  body: CreateDocumentBody,
  origin?: string,
): Promise<{ document: DocumentPresented; projectDocuments: DocumentPresented[] }> {
  const row = await ctx.db.transaction(async (tx) => {
    // The document graph is checked and changed under the project's lock: crossing edits cannot make a cycle.
    await lockProject(tx, project.id);
    const errors: FieldErrors = {};
    checkAcronym(project, body.acronym, errors);
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
      .returning();
    const parents = [...new Set(body.parents_id)];
    if (parents.length)
      await tx.insert(documentLinks).values(parents.map((parentId) => ({ parentId, childId: created!.id })));
    return created!;
  });
  const document = await presentDocument(ctx.db, row);
  ctx.events.publish({ name: 'DocumentUpdated', projectId: project.id, data: { document } }, origin);
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  return { document, projectDocuments: await projectDocuments(ctx.db, project.id) };
}

export async function updateDocument(
  ctx: AppContext,
  project: ProjectRow,
  document: DocumentRow,
  body: UpdateDocumentBody,
  origin?: string,
): Promise<DocumentPresented> {
  let removedParents: number[] = [];
  await ctx.db.transaction(async (tx) => {
    await lockProject(tx, project.id);
    const errors: FieldErrors = {};
    checkAcronym(project, body.acronym, errors);
    if (body.parents_id) await checkParents(tx, project.id, document.id, body.parents_id, errors);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const changes: Partial<typeof documents.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.acronym !== undefined) changes.acronym = body.acronym;
    if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
    if (Object.keys(changes).length)
      await tx
        .update(documents)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(documents.id, document.id));
    if (body.parents_id) {
      const wanted = new Set(body.parents_id);
      const current = await tx.select().from(documentLinks).where(eq(documentLinks.childId, document.id));
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
        await tx
          .delete(requirementLinks)
          .where(and(inArray(requirementLinks.parentId, parentReqs), inArray(requirementLinks.childId, childReqs)));
        removedParents = removed;
      }
      if (added.length)
        await tx.insert(documentLinks).values(added.map((parentId) => ({ parentId, childId: document.id })));
    }
  });
  const presented = await presentDocument(ctx.db, (await findDocument(ctx.db, document.id))!);
  ctx.events.publish({ name: 'DocumentUpdated', projectId: project.id, data: { document: presented } }, origin);
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  if (body.parents_id) {
    // Coverage of the requirements of this document and of its old and new parents may have changed.
    const affected = [document.id, ...presented.parents, ...removedParents];
    ctx.events.publish(
      { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: affected } },
      origin,
    );
  }
  return presented;
}

/** Deletes the document; categories, requirements, links and revisions go with it (foreign keys cascade). */
export async function deleteDocument(
  ctx: AppContext,
  project: ProjectRow,
  document: DocumentRow,
  origin?: string,
): Promise<void> {
  const neighbours = await ctx.db
    .select()
    .from(documentLinks)
    .where(or(eq(documentLinks.parentId, document.id), eq(documentLinks.childId, document.id)));
  await ctx.db.delete(documents).where(eq(documents.id, document.id));
  ctx.events.publish({ name: 'DocumentDeleted', projectId: project.id, data: { document_id: document.id } }, origin);
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  const others = neighbours.map((l) => (l.parentId === document.id ? l.childId : l.parentId));
  if (others.length) {
    ctx.events.publish({ name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: others } }, origin);
  }
}

export async function updateDocumentSettings(
  ctx: AppContext,
  project: ProjectRow,
  document: DocumentRow,
  patch: DocumentSettings,
  origin?: string,
): Promise<DocumentSettings> {
  const settings = completeDocumentSettings({ ...document.settings, ...patch });
  await ctx.db.update(documents).set({ settings }).where(eq(documents.id, document.id));
  ctx.events.publish(
    { name: 'DocumentSettingsUpdated', projectId: project.id, data: { document_id: document.id, settings } },
    origin,
  );
  return settings;
}
