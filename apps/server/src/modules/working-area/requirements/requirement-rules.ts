import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, documentLinks, documents, requirements } from '../../../db/schema';
import type { FieldErrors } from '../../../core/errors';

/** Takes the next reference number of a document: never reused, unique in the document. */
export async function takeReferenceNumber(db: Db, documentId: number): Promise<number> {
  const [row] = await db
    .update(documents)
    .set({ nextReferenceNumber: sql`${documents.nextReferenceNumber} + 1` })
    .where(eq(documents.id, documentId))
    .returning({ next: documents.nextReferenceNumber });
  return row!.next - 1;
}

/**
 * A new requirement's reference number and its position (after its siblings) in one statement, under the document's
 * lock: the round trip that a creation saves pays for the audit entry it writes (issue 34: the trail must not slow
 * writes).
 */
export async function takeNumberAndPosition(
  db: Db,
  documentId: number,
  categoryId: number | null,
): Promise<{ referenceNumber: number; position: number }> {
  const [row] = await db
    .update(documents)
    .set({ nextReferenceNumber: sql`${documents.nextReferenceNumber} + 1` })
    .where(eq(documents.id, documentId))
    .returning({
      next: documents.nextReferenceNumber,
      last: sql<number | null>`(select max(${requirements.position}) from ${requirements}
        where ${siblingRequirements(documentId, categoryId)})`,
    });
  return { referenceNumber: row!.next - 1, position: (row!.last ?? -1) + 1 };
}

export async function nextRequirementPosition(db: Db, documentId: number, categoryId: number | null): Promise<number> {
  const [row] = await db
    .select({ last: max(requirements.position) })
    .from(requirements)
    .where(siblingRequirements(documentId, categoryId));
  return (row?.last ?? -1) + 1;
}

export const siblingRequirements = (documentId: number, categoryId: number | null) =>
  and(
    eq(requirements.documentId, documentId),
    categoryId === null ? isNull(requirements.categoryId) : eq(requirements.categoryId, categoryId),
  );

export async function categoryBelongs(db: Db, categoryId: number, documentId: number): Promise<boolean> {
  const [row] = await db
    .select({ documentId: categories.documentId })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return row?.documentId === documentId;
}

export async function documentInProject(db: Db, documentId: number, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row?.projectId === projectId;
}

/** The documents linked to this one: its parents and its children. */
export async function linkedDocuments(
  db: Db,
  documentId: number,
): Promise<{ parents: Set<number>; children: Set<number> }> {
  const parents = await db
    .select({ id: documentLinks.parentId })
    .from(documentLinks)
    .where(eq(documentLinks.childId, documentId));
  const children = await db
    .select({ id: documentLinks.childId })
    .from(documentLinks)
    .where(eq(documentLinks.parentId, documentId));
  return { parents: new Set(parents.map((p) => p.id)), children: new Set(children.map((c) => c.id)) };
}

/**
 * Requirement links may only join requirements of two documents linked parent to child (decisions §6).
 * Since document links never form a cycle, links that pass this check cannot form one either, and a
 * requirement can never be linked to itself (a document is never its own parent).
 */
export async function checkLinkTargets(
  db: Db,
  documentId: number,
  field: 'parents_id' | 'children_id',
  ids: number[],
  errors: FieldErrors,
): Promise<void> {
  if (ids.length === 0) return;
  const linked = await linkedDocuments(db, documentId);
  const allowed = field === 'parents_id' ? linked.parents : linked.children;
  // Only requirements of this project are looked at: an id elsewhere reads as unknown, revealing nothing.
  const [own] = await db.select({ projectId: documents.projectId }).from(documents).where(eq(documents.id, documentId));
  const found = await db
    .select({ id: requirements.id, documentId: requirements.documentId })
    .from(requirements)
    .innerJoin(documents, eq(documents.id, requirements.documentId))
    .where(and(inArray(requirements.id, [...new Set(ids)]), eq(documents.projectId, own?.projectId ?? -1)));
  const docOf = new Map(found.map((r) => [r.id, r.documentId]));
  ids.forEach((id, index) => {
    const doc = docOf.get(id);
    if (doc === undefined) errors[`${field}.${index}`] = ['validation.in'];
    else if (!allowed.has(doc)) errors[`${field}.${index}`] = ['validation.link_documents'];
  });
}
