import { and, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import {
  acronymTooLong,
  compareReadingOrder,
  requirementReference,
  type AuditChanges,
  type CategoryPresented,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { loadCategoryForWrite, lockDocument } from '../../../core/locks';
import { swapWithSibling } from '../../../db/ordering';
import { categories, requirements } from '../../../db/schema';
import { conflict, invalid, notFound, type FieldErrors } from '../../../core/errors';
import type { ProjectRow } from '../../../policies/project-access';
import { sanitizeRichText } from '../../../security/sanitize';
import type { Work } from '../../../core/work';
import { keepRevision } from '../core/revisions';
import { completeProjectSettings } from '../../../read/projects.presenter';
import { findDocument } from '../core/lookups';
import { loadCategoryTree, subtreeIds, type CategoryRow, type CategoryTree } from '../../../read/categories.presenter';
import type { RequirementRow } from '../../../read/requirements.presenter';
import { changedFields, type AuditFact } from '../../../core/audit';
import { categoryReferenceOf } from '../../../read/audit-references';

type Tx = Db;

const siblingsOf = (documentId: number, parentId: number | null) =>
  and(
    eq(categories.documentId, documentId),
    parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
  );

async function nextPosition(db: Tx, documentId: number, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ last: max(categories.position) })
    .from(categories)
    .where(siblingsOf(documentId, parentId));
  return (row?.last ?? -1) + 1;
}

/** Presents a category for the answer; the unit of work reuses it for the wire event. */
async function presentOne(work: Work, category: CategoryRow): Promise<CategoryPresented> {
  const tree = await loadCategoryTree(work.tx, category.documentId);
  const presented = tree.presented.get(category.id);
  if (!presented) throw notFound();
  work.remember({ kind: 'category', value: presented });
  return presented;
}

function checkAcronym(project: ProjectRow, acronym: string | undefined, errors: FieldErrors) {
  const tooLong = acronymTooLong(acronym, completeProjectSettings(project.settings).acronymMaxSize);
  if (tooLong) errors.acronym = [tooLong];
}

/**
 * A category's reference is its parent's and its acronym: a sibling with the same acronym would share it
 * (decisions §19). Checked under the document's lock, which serialises the writes of a document; the unique
 * index `categories_reference_unique` holds it anyway.
 */
async function checkReferenceFree(
  tx: Tx,
  documentId: number,
  parentId: number | null,
  acronym: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        siblingsOf(documentId, parentId),
        eq(categories.acronym, acronym),
        exceptId === undefined ? undefined : ne(categories.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw invalid({ acronym: ['validation.category_reference_taken'] });
}

export async function createCategory(
  work: Work,
  project: ProjectRow,
  body: CreateCategoryBody,
): Promise<CategoryPresented> {
  const { tx } = work;
  const errors: FieldErrors = {};
  checkAcronym(project, body.acronym, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await lockDocument(tx, body.document_id);
  if (body.parent_id !== null) {
    const [parent] = await tx.select().from(categories).where(eq(categories.id, body.parent_id)).limit(1);
    if (!parent || parent.documentId !== body.document_id) throw invalid({ parent_id: ['validation.not_in_document'] });
  }
  await checkReferenceFree(tx, body.document_id, body.parent_id, body.acronym);
  const position = await nextPosition(tx, body.document_id, body.parent_id);
  const [created] = await tx
    .insert(categories)
    .values({
      documentId: body.document_id,
      parentId: body.parent_id,
      name: body.name,
      acronym: body.acronym,
      description: sanitizeRichText(body.description),
      position,
    })
    .returning();
  work.record({ name: 'CategoryChanged', projectId: project.id, categoryId: created!.id });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  const presented = await presentOne(work, created!);
  const changes: AuditChanges = {
    name: { new: presented.name },
    acronym: { new: presented.acronym },
    parent_id: { new: presented.parent_id },
  };
  if (presented.description !== '') changes.description = CHANGED;
  work.audit(project.id, categoryFact('created', presented, changes));
  return presented;
}

export async function updateCategory(
  work: Work,
  project: ProjectRow,
  categoryId: number,
  body: UpdateCategoryBody,
): Promise<CategoryPresented> {
  const { tx } = work;
  const errors: FieldErrors = {};
  checkAcronym(project, body.acronym, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const category = await loadCategoryForWrite(tx, categoryId);
  if (body.version !== undefined && body.version !== category.version) {
    throw conflict(await presentOne(work, category));
  }
  const moving = body.parent_id !== undefined && body.parent_id !== category.parentId;
  const changes: Partial<typeof categories.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.acronym !== undefined) changes.acronym = body.acronym;
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (moving) {
    // Checked under the document's lock: two crossing moves cannot together make a loop.
    if (body.parent_id !== null && body.parent_id !== undefined) {
      const tree = await loadCategoryTree(tx, category.documentId);
      if (!tree.presented.has(body.parent_id)) throw invalid({ parent_id: ['validation.not_in_document'] });
      if (subtreeIds(tree, category.id).includes(body.parent_id)) {
        throw invalid({ parent_id: ['validation.parent_category'] });
      }
    }
    changes.parentId = body.parent_id ?? null;
    changes.position = await nextPosition(tx, category.documentId, body.parent_id ?? null);
  }
  const renaming = moving || (body.acronym !== undefined && body.acronym !== category.acronym);
  if (renaming) {
    const parentId = moving ? (body.parent_id ?? null) : category.parentId;
    await checkReferenceFree(tx, category.documentId, parentId, body.acronym ?? category.acronym, category.id);
  }
  // Its reference before, for the trail, read only when the update changes it.
  const referenceBefore = renaming ? await categoryReferenceOf(tx, category.id) : undefined;
  let row = category;
  if (Object.keys(changes).length > 0) {
    const [updated] = await tx
      .update(categories)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(categories.id, category.id))
      .returning();
    row = updated!;
  }
  work.record({ name: 'CategoryChanged', projectId: project.id, categoryId: category.id });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  // References of the requirements below change with the acronym or the place of the category.
  if (body.acronym !== undefined || moving)
    work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [category.documentId] });
  const presented = await presentOne(work, row);
  const audited = changedFields(
    { name: category.name, acronym: category.acronym, parent_id: category.parentId },
    { name: row.name, acronym: row.acronym, parent_id: row.parentId },
    ['name', 'acronym', 'parent_id'],
  );
  if (row.description !== category.description) audited.description = CHANGED;
  if (referenceBefore !== undefined && referenceBefore !== presented.reference)
    audited.reference = { old: referenceBefore, new: presented.reference };
  if (Object.keys(audited).length) work.audit(project.id, categoryFact('updated', presented, audited));
  return presented;
}

/** Swaps the category with its previous (up) or next (down) sibling; a no-op at either end. */
export async function moveCategory(
  work: Work,
  project: ProjectRow,
  categoryId: number,
  direction: 'up' | 'down',
): Promise<CategoryPresented> {
  const { tx } = work;
  // Under the document's lock and from a fresh reading, so that a double click moves twice, not into a tie.
  const current = await loadCategoryForWrite(tx, categoryId);
  const position = await swapWithSibling(
    tx,
    categories,
    siblingsOf(current.documentId, current.parentId),
    current,
    direction,
  );
  if (position === null) return presentOne(work, current);
  work.record({ name: 'CategoriesReordered', projectId: project.id, documentId: current.documentId });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
  const presented = await presentOne(work, current);
  work.audit(project.id, categoryFact('moved', presented, { position: { old: current.position, new: position } }));
  return presented;
}

/**
 * Deletes the category and its sub-categories; all their requirements move to the document root,
 * after the requirements already there, in the order they had (decisions §6).
 */
export async function deleteCategory(
  work: Work,
  userId: number,
  project: ProjectRow,
  categoryId: number,
): Promise<void> {
  const { tx } = work;
  const category = await loadCategoryForWrite(tx, categoryId, 'update');
  const tree = await loadCategoryTree(tx, category.documentId);
  const ids = subtreeIds(tree, category.id);
  const moving = ids.length ? await tx.select().from(requirements).where(inArray(requirements.categoryId, ids)) : [];
  // They go after the root's own in their reading order (decisions §6).
  const compare = compareReadingOrder(tree.presented);
  const place = (r: (typeof moving)[number]) => ({ id: r.id, category_id: r.categoryId, order: r.position });
  moving.sort((a, b) => compare(place(a), place(b)));
  const [root] = await tx
    .select({ last: max(requirements.position) })
    .from(requirements)
    .where(and(eq(requirements.documentId, category.documentId), isNull(requirements.categoryId)));
  let position = (root?.last ?? -1) + 1;
  // A change of category like any other: the previous state is kept and updated_at moves (decisions §6).
  const now = new Date();
  await keepRevision(tx, moving);
  for (const requirement of moving) {
    await tx
      .update(requirements)
      .set({ categoryId: null, position: position++, updatedAt: now, updatedBy: userId })
      .where(eq(requirements.id, requirement.id));
  }
  await tx.delete(categories).where(eq(categories.id, category.id));
  work.record({
    name: 'CategoryDeleted',
    projectId: project.id,
    categoryId: category.id,
    documentId: category.documentId,
  });
  await auditDeletion(work, project.id, category.id, tree, moving);
  work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [category.documentId] });
  work.record({ name: 'ProjectStructureChanged', projectId: project.id });
}

/**
 * The trail of a category's deletion, from the tree read before it (no statement but the document's acronym): one
 * `deleted` entry for it and each sub-category that went with it, and one `updated` entry for each requirement moved
 * to the document's root, whose category and reference changed.
 */
async function auditDeletion(
  work: Work,
  projectId: number,
  categoryId: number,
  tree: CategoryTree,
  moved: RequirementRow[],
) {
  const deleted = subtreeIds(tree, categoryId).map((id) => tree.presented.get(id)!);
  // Its sub-categories first, so that the trail, newest first, opens on the category that was deleted.
  deleted.sort((a, b) => (a.id === categoryId ? 1 : b.id === categoryId ? -1 : b.depth - a.depth));
  for (const c of deleted) {
    const changes: AuditChanges = {
      name: { old: c.name },
      acronym: { old: c.acronym },
      parent_id: { old: c.parent_id },
    };
    if (c.id === categoryId) changes.requirements_moved_to_root = { old: moved.length };
    work.audit(projectId, { ...categoryFact('deleted', c, changes), reference: tree.references.get(c.id) ?? null });
  }
  if (moved.length === 0) return;
  const acronym = (await findDocument(work.tx, deleted[0]!.document_id))?.acronym ?? '';
  for (const r of moved) {
    const reference = requirementReference(acronym, r.referenceNumber);
    const before = requirementReference(tree.references.get(r.categoryId!) ?? acronym, r.referenceNumber);
    work.audit(projectId, {
      action: 'updated',
      entityType: 'requirement',
      entityId: r.id,
      reference,
      documentId: r.documentId,
      changes: { category_id: { old: r.categoryId, new: null }, reference: { old: before, new: reference } },
    });
  }
}

const CHANGED = { changed: true } as const;

/** An entry about a category, named by its reference as presented. */
function categoryFact(action: AuditFact['action'], c: CategoryPresented, changes: AuditChanges): AuditFact {
  return { action, entityType: 'category', entityId: c.id, reference: c.reference, documentId: c.document_id, changes };
}

export async function documentOfCategory(db: Db, category: CategoryRow) {
  return findDocument(db, category.documentId);
}
